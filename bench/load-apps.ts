// The load bench's processes: real app servers (src/server/main.ts, as `npm start` runs it) on
// the bench's database and S3 store, and the CPU each has used, read from /proc/<pid>/stat.
import { readFileSync } from 'node:fs';
import { freePort, spawnServer, type ServerProcess } from '../tests/support/server-process';

export type AppProcess = ServerProcess & { pid: number; name: string };

/** utime + stime of a process, in seconds (clock ticks of 1/100 s on Linux); null once gone. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Keeps the last CPU reading of every process it watches (every 250 ms), so a process that
 * exits mid-phase (the restart) still counts up to its end.
 */
export class CpuMeter {
  private last = new Map<number, number>();
  private timer = setInterval(() => this.sample(), 250);

  watch(pid: number) {
    this.last.set(pid, cpuSecondsOf(pid) ?? 0);
  }

  private sample() {
    for (const pid of this.last.keys()) {
      const now = cpuSecondsOf(pid);
      if (now !== null) this.last.set(pid, now);
    }
  }

  /** CPU seconds of each watched process now (or at its last reading). */
  read(): Map<number, number> {
    this.sample();
    return new Map(this.last);
  }

  stop() {
    clearInterval(this.timer);
  }
}

/** CPU seconds used between two readings by the given processes. */
export function cpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  pids: number[],
) {
  return pids.reduce((sum, pid) => {
    const end = after.get(pid);
    return end === undefined ? sum : sum + end - (before.get(pid) ?? end);
  }, 0);
}

export async function startApp(name: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const server = spawnServer({ ...env, PORT: String(port) });
  await server.ready;
  return { ...server, port, url: `http://127.0.0.1:${port}`, pid: server.child.pid!, name };
}

export async function stopApp(app: AppProcess) {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  await app.exited;
}
