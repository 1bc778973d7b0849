// `npm run bench:load` (issue 23): the app under a realistic load on PostgreSQL, first as one
// process, then as two, behind a small reverse proxy (bench/load-proxy.ts); 200 simulated users
// driven by autocannon (bench/load-mix.ts). Reports requests per second, p50/p95/p99 per kind,
// errors, and the app processes' CPU seconds per 1,000 requests; checks that every acknowledged
// write is in the database. `--restart` stops one of the two processes with SIGTERM midway and
// starts a replacement, and counts the requests lost. See docs/decisions/087-*.md.
//
//   npm run bench:load -- [--duration 300] [--restart] [--orders 20000] [--rate 1]
//
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
// the bench creates a database of its own there and drops it at the end.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { cpuBetween, CpuMeter, startApp, stopApp, type AppProcess } from './load-apps';
import { seedLoadData, signIn, type FixtureSizes } from './load-fixtures';
import { drive, failuresOf, kinds, makePhoto, type KindResult, type Write } from './load-mix';
import { percentile } from './timing';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '300' },
    restart: { type: 'boolean', default: false },
    orders: { type: 'string', default: '20000' },
    rate: { type: 'string', default: '1' },
  },
});
const duration = Number(flags.duration);
const rate = Number(flags.rate);
if (!(duration >= 5) || !Number.isInteger(rate) || rate < 1)
  throw new Error(
    '--duration is seconds (at least 5) and --rate a whole number of requests a second',
  );
/**
 * Before each measured phase: JIT, caches and connection pools warm up, not measured (a process
 * started for the phase is cold; its first seconds cost more CPU per request).
 */
const warmup = Math.min(15, Math.max(5, Math.round(duration / 5)));

/** 200 simulated users by kind. */
const mix = {
  'office-list': 45,
  'office-detail': 45,
  'dispatch-board': 20,
  'engineer-sync': 20,
  'engineer-photo': 10,
  'partner-order': 30,
  'customer-portal': 30,
};
const idleSeconds = 5;
const users = Object.values(mix).reduce((a, b) => a + b, 0);
const engineers = 20;
// Each engineer identity gets photos at most at (photo users x rate / engineers) a second, for
// both phases and the three warm-ups; 50 a visit.
const photosPerEngineer = Math.ceil(
  (mix['engineer-photo'] * rate * (2 * duration + 3 * warmup)) / engineers,
);
const sizes: FixtureSizes = {
  orders: Number(flags.orders),
  office: mix['office-list'] + mix['office-detail'],
  contractor: mix['dispatch-board'],
  engineers,
  visitsPerEngineer: Math.ceil(photosPerEngineer / 50) + 1,
  partners: mix['partner-order'],
  // Twice the portal's users, so no address comes near the portal's 60 pages a minute.
  customers: mix['customer-portal'] * 2,
};

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

function child(script: string): ChildProcess {
  return fork(path.join(root, 'bench', script), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
function firstMessage<T>(proc: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`${String(proc.spawnargs)} exited ${code}`)));
  });
}

type ProxyStats = {
  requests: number;
  retries: number;
  failed: number;
  reasons: Record<string, number>;
  backends: Record<string, { ready: boolean; requests: number }>;
};

async function main() {
  const databaseName = `uplink_load_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  log(`Database ${databaseName} on ${new URL(serverUrl).host}`);

  const cleanups: Array<() => Promise<unknown>> = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'uplink-load-'));
  const meter = new CpuMeter();
  meter.watch(process.pid);
  try {
    const s3Process = child('load-s3.ts');
    meter.watch(s3Process.pid!);
    cleanups.push(async () => {
      s3Process.disconnect();
      await new Promise((r) => s3Process.once('exit', r));
    });
    const s3 = await firstMessage<{
      endpoint: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    }>(s3Process);
    const proxy = child('load-proxy.ts');
    meter.watch(proxy.pid!);
    cleanups.push(async () => {
      proxy.disconnect();
      await new Promise((r) => proxy.once('exit', r));
    });
    const { port: proxyPort } = await firstMessage<{ port: number }>(proxy);
    const base = `http://127.0.0.1:${proxyPort}`;
    const setBackends = (apps: AppProcess[]) => proxy.send({ backends: apps.map((a) => a.url) });
    const proxyStats = () =>
      new Promise<ProxyStats>((resolve) => {
        proxy.once('message', (m) => resolve((m as { stats: ProxyStats }).stats));
        proxy.send({ stats: true });
      });

    // What every process shares: one database, one S3 store, one session secret; the proxy's
    // address is the public one, and the proxy is trusted for the client's address.
    let appCount = 0;
    const env = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: path.join(work, `app-${++appCount}`),
      SESSION_SECRET: 'load-bench-secret-load-bench-secret-0123456789',
      PUBLIC_URL: base,
      TRUST_PROXY: 'true',
      JOBS_WORKER: 'false',
      // On SIGTERM the health checks answer 503 this long first: three of the proxy's checks.
      SHUTDOWN_DRAIN_SECONDS: '3',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    });
    const apps: AppProcess[] = [];
    const start = async (name: string, extra?: Record<string, string>) => {
      const app = await startApp(name, env(extra));
      apps.push(app);
      cleanups.push(() => stopApp(app));
      meter.watch(app.pid);
      return app;
    };

    // The first process migrates the new database and adds the demo data, as a first start does.
    log('Starting app process 1 (migrates, adds the demo data)…');
    const first = await start('app 1', { SEED_DEMO: 'true' });
    // One worker process runs the jobs and the event dispatcher; it takes no requests.
    const worker = await start('worker', { JOBS_WORKER: 'true' });

    log(`Seeding ${sizes.orders} orders and the bench's people…`);
    const handle = await openDatabase({ databaseUrl: databaseUrl.toString() });
    cleanups.push(() => handle.close());
    const seeded = await seedLoadData(handle, sizes);
    setBackends([first]);
    await waitFor(async () => (await proxyStats()).backends[first.url]?.ready === true);
    log('Signing in the simulated users (once each, before the run)…');
    const fixtures = await signIn(base, seeded, sizes);
    const photo = await makePhoto();
    const writes: Write[] = [];
    const specs = kinds(base, fixtures, photo, mix);

    type Phase = {
      name: string;
      results: KindResult[];
      seconds: number;
      cpu: number;
      proxy: { retries: number; failed: number; reasons: string };
      restart?: string;
      others: Record<string, number>;
    };
    const phases: Phase[] = [];
    const runPhase = async (
      name: string,
      during?: (seconds: number, before: Map<number, number>) => Promise<string>,
    ) => {
      log(`${name}: warming up for ${warmup} s…`);
      await drive(base, specs, warmup, rate, writes);
      log(`${name}: ${users} users for ${duration} s…`);
      const proxyBefore = await proxyStats();
      // PostgreSQL's backends serving this database (those open now; the pools keep them).
      const pgPids = (
        await handle.query(`select pid from pg_stat_activity where datname = $1`, [databaseName])
      ).rows.map((r) => Number(r.pid));
      for (const pid of pgPids) meter.watch(pid);
      const before = meter.read();
      const startedAt = performance.now();
      // The restart runs beside the load and may end after it; the figures are the load's.
      const restart = during?.(duration, before);
      const results = await drive(base, specs, duration, rate, writes);
      const seconds = (performance.now() - startedAt) / 1000;
      const after = meter.read();
      const restartSummary = await restart;
      const proxyAfter = await proxyStats();
      const appPids = apps.filter((a) => a !== worker).map((a) => a.pid);
      phases.push({
        name,
        results,
        seconds,
        cpu: cpuBetween(before, after, appPids),
        others: {
          driver: cpuBetween(before, after, [process.pid]),
          proxy: cpuBetween(before, after, [proxy.pid!]),
          'S3 store': cpuBetween(before, after, [s3Process.pid!]),
          worker: cpuBetween(before, after, [worker.pid]),
          'PostgreSQL backends': cpuBetween(before, after, pgPids),
        },
        proxy: {
          retries: proxyAfter.retries - proxyBefore.retries,
          failed: proxyAfter.failed - proxyBefore.failed,
          reasons: Object.entries(proxyAfter.reasons)
            .map(([why, n]) => [why, n - (proxyBefore.reasons[why] ?? 0)] as const)
            .filter(([, n]) => n > 0)
            .map(([why, n]) => `${why} x${n}`)
            .join('; '),
        },
        restart: restartSummary,
      });
      report(phases.at(-1)!);
    };

    // What the app processes use doing nothing (timers, the queue's upkeep, health checks),
    // measured before any load, while nothing is left over from one.
    const measureIdle = async (what: string) => {
      const pids = apps.filter((a) => a !== worker).map((a) => a.pid);
      const idleBefore = meter.read();
      await new Promise((r) => setTimeout(r, idleSeconds * 1000));
      const idle = cpuBetween(idleBefore, meter.read(), pids) / idleSeconds;
      log(`${what} at rest: ${idle.toFixed(3)} CPU s a second`);
    };
    await measureIdle('One app process');
    await runPhase('One app process');

    log('Starting app process 2…');
    const second = await start('app 2');
    // The new process warms up alone first, as the first did: a cold process costs more CPU.
    setBackends([second]);
    await waitFor(async () => (await proxyStats()).backends[second.url]?.ready === true);
    await measureIdle('Two app processes');
    log(`App process 2 alone: warming up for ${warmup} s…`);
    await drive(base, specs, warmup, rate, writes);
    setBackends([first, second]);
    await waitFor(async () => (await proxyStats()).backends[first.url]?.ready === true);
    await runPhase(
      flags.restart ? 'Two app processes, one restarted midway' : 'Two app processes',
      flags.restart
        ? async (phaseSeconds, before) => {
            await new Promise((r) => setTimeout(r, (phaseSeconds * 1000) / 2));
            log('  SIGTERM to app process 2; starting app process 3…');
            const stoppedAt = performance.now();
            second.child.kill('SIGTERM');
            const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
            let readyAfter = '';
            const replaced = startApp('app 3', env()).then((third) => {
              readyAfter = seconds(stoppedAt);
              apps.push(third);
              cleanups.push(() => stopApp(third));
              meter.watch(third.pid);
              // Its start-up is not request work: its CPU counts from when it is ready.
              before.set(third.pid, meter.read().get(third.pid) ?? 0);
              setBackends(second.child.exitCode === null ? [first, second, third] : [first, third]);
              return third;
            });
            const code = await second.exited;
            const drainedAfter = seconds(stoppedAt);
            const third = await replaced;
            setBackends([first, third]);
            return `app process 2 exited with ${code} ${drainedAfter} s after SIGTERM; app process 3 was ready ${readyAfter} s after it`;
          }
        : undefined,
    );

    // Nothing lost: every acknowledged write is in the database.
    const refs = writes.filter((w) => w.kind === 'partner-order').map((w) => w.ref);
    const photoIds = writes.filter((w) => w.kind === 'photo').map((w) => w.id);
    const foundOrders = Number(
      (
        await handle.query(
          `select count(distinct partner_reference)::int as n from orders where partner_reference = any($1::text[])`,
          [refs],
        )
      ).rows[0]!.n,
    );
    const foundPhotos = Number(
      (
        await handle.query(
          `select count(*)::int as n from visit_photos where id = any($1::uuid[])`,
          [photoIds],
        )
      ).rows[0]!.n,
    );
    log('');
    log(
      `Acknowledged writes: ${refs.length} partner orders (found ${foundOrders}), ${photoIds.length} photos (found ${foundPhotos})`,
    );
    const workerCpu = meter.read().get(worker.pid) ?? 0;
    log(`Worker process: ${workerCpu.toFixed(1)} CPU seconds in all (not counted above)`);

    // Targets.
    const [one, two] = phases as [Phase, Phase];
    const totalOf = (p: Phase) => p.results.reduce((s, r) => s + r.samples.length, 0);
    const failuresOfPhase = (p: Phase) => p.results.reduce((s, r) => s + failuresOf(r), 0);
    const perThousand = (p: Phase) => (p.cpu / totalOf(p)) * 1000;
    const ratio = perThousand(two) / perThousand(one);
    const lines: Array<[string, boolean, string]> = [];
    const errorsOne = failuresOfPhase(one);
    const errorsTwo = failuresOfPhase(two);
    lines.push([
      'no errors',
      errorsOne + errorsTwo === 0,
      `${errorsOne} with one process, ${errorsTwo} with two, of ${totalOf(one) + totalOf(two)} requests`,
    ]);
    lines.push([
      'nothing lost',
      foundOrders === refs.length && foundPhotos === photoIds.length,
      `${foundOrders}/${refs.length} acknowledged partner orders and ${foundPhotos}/${photoIds.length} photos found`,
    ]);
    // A restart run's second phase holds a drain and a cold start: its CPU is shown, not judged.
    if (flags.restart)
      log(
        `CPU per 1,000 requests: ${perThousand(two).toFixed(2)} with two processes and a restart vs ${perThousand(one).toFixed(2)} with one, ${ratio.toFixed(2)}x (not a target in a restart run)`,
      );
    else
      lines.push([
        'cpu per request with two processes within 10% of one',
        ratio <= 1.1,
        `${perThousand(two).toFixed(2)} vs ${perThousand(one).toFixed(2)} CPU s per 1,000 requests, ${ratio.toFixed(2)}x`,
      ]);
    if (flags.restart)
      lines.push([
        'rolling restart loses no request',
        errorsTwo === 0,
        `${errorsTwo} lost; ${two.proxy.retries} sent again by the proxy; ${two.restart}`,
      ]);
    log('');
    for (const [name, met, figure] of lines)
      log(`target ${name}: ${met ? 'met' : 'missed'} (${figure})`);
    const met = lines.filter(([, ok]) => ok).length;
    log(`bench:load: ${met}/${lines.length} targets met`);
    if (met < lines.length) process.exitCode = 1;
  } finally {
    meter.stop();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch((error) => {
      console.error(`Could not drop ${databaseName}: ${String(error)}`);
    });
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

function report(phase: {
  name: string;
  results: KindResult[];
  seconds: number;
  cpu: number;
  proxy: { retries: number; failed: number; reasons: string };
  restart?: string;
  others: Record<string, number>;
}) {
  const total = phase.results.reduce((s, r) => s + r.samples.length, 0);
  const rows = phase.results.map((r) => ({
    kind: r.name,
    requests: r.samples.length,
    'req/s': (r.samples.length / phase.seconds).toFixed(1),
    'p50 ms': percentile(r.samples, 50).toFixed(0),
    'p95 ms': percentile(r.samples, 95).toFixed(0),
    'p99 ms': percentile(r.samples, 99).toFixed(0),
    errors: failuresOf(r),
    statuses: Object.entries(r.statuses)
      .map(([s, n]) => `${s}:${n}`)
      .join(' '),
  }));
  console.log('');
  console.log(
    `${phase.name}: ${total} requests in ${phase.seconds.toFixed(1)} s, ${(total / phase.seconds).toFixed(1)} req/s`,
  );
  console.table(rows);
  console.log(
    `  app CPU: ${phase.cpu.toFixed(1)} s, ${((phase.cpu / total) * 1000).toFixed(2)} CPU s per 1,000 requests; proxy sent ${phase.proxy.retries} again, failed ${phase.proxy.failed}`,
  );
  console.log(
    `  other CPU in the phase: ${Object.entries(phase.others)
      .map(([who, cpu]) => `${who} ${cpu.toFixed(1)} s`)
      .join(', ')}`,
  );
  if (phase.proxy.reasons) console.log(`  proxy: backends failed requests: ${phase.proxy.reasons}`);
  if (phase.restart) console.log(`  restart: ${phase.restart}`);
  console.log('');
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a backend to be ready');
    await new Promise((r) => setTimeout(r, 100));
  }
}

await main();
