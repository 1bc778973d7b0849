import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** Runs the real server (src/server/main.ts) in a child process. */
export function spawnServer(
  env: Record<string, string> = {},
): ServerProcess & { ready: Promise<void> } {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'uplink-proc-'));
  const port = Number(env.PORT ?? 0);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Uplink is ready at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  ready.catch(() => {});
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    ready,
  };
}
