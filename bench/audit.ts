// Issue 21: the audit log at 1,000,000 entries. Seeds them (multi-row inserts), then times a
// filtered page of /api/audit through HTTP against the same SQL run directly through the driver.
// Targets: p50 within 1.5x of its SQL, and under 20 ms on the embedded database.
// `npm run bench` runs it after the orders; `npx tsx bench/audit.ts` runs only this part.
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { guardQuery, startBenchApp, closeBenchApp } from './bench-app';
import { fetchBody, pairColumns, timePair } from './timing';
import { reportTargets, targetUnder, targetWithin } from './targets';

const entryCount = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const batch = 5_000;
const actions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.account_locked',
  'security.ip_blocked',
  'user.updated',
  'customer.updated',
  'order.created',
];

/** 1,000,000 entries over the last year from 20 actors and 5,000 addresses, 5,000 rows a statement. */
async function seedAudit(handle: DatabaseHandle, actorIds: string[]) {
  const span = 365 * 86_400_000;
  const now = Date.now();
  for (let start = 0; start < entryCount; start += batch) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = start; i < Math.min(entryCount, start + batch); i += 1) {
      const p = values.length;
      rows.push(
        `($${p + 1}::timestamptz, $${p + 2}::uuid, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}::jsonb)`,
      );
      const action = actions[(i * 7919) % actions.length]!;
      values.push(
        new Date(
          now - Math.floor((((i * 2_654_435_761) % 1_000_003) / 1_000_003) * span),
        ).toISOString(),
        actorIds[i % actorIds.length],
        action,
        action.startsWith('auth') ? 'user' : action.split('.')[0],
        String(i % 10_000),
        `10.${(i >> 16) & 255}.${(i >> 8) % 20}.${i % 250}`,
        action.endsWith('updated')
          ? JSON.stringify({ changes: [{ field: 'lastName', before: 'Old', after: 'New' }] })
          : '{}',
      );
    }
    await handle.query(
      `insert into audit_log (at, actor_user_id, action, target_type, target_id, ip, details)
       values ${rows.join(', ')}`,
      values,
    );
  }
  await handle.exec('vacuum analyze audit_log');
}

// The SQL one page runs (auditPageRows, then the actors' names), with the same conditions.
const pageSql = (where: string) => `
  select id, at, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_user_id,
         action, target_type, target_id, ip, user_agent, details
    from audit_log where ${where} order by at desc, id desc limit 51`;
const namesSql = `select id, nullif(trim(first_name || ' ' || last_name), '') from users where id = any($1::uuid[])`;

type Scenario = { name: string; url: string; where: string; values: unknown[] };

/** Seeds the log on this database and times the scenarios against the app at `base`. */
export async function benchAudit(
  handle: DatabaseHandle,
  base: string,
  session: { headers: Record<string, string>; id: string },
) {
  const engine = handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const actorIds = (
    await handle.query(
      `insert into users (email, role, first_name, last_name, status)
       select 'bench-actor-' || g || '@example.com', 'back_office', 'Actor', 'No ' || g, 'active'
         from generate_series(1, 20) g returning id`,
    )
  ).rows.map((row) => String(row.id));
  console.log(`\nSeeding ${entryCount.toLocaleString('en-GB')} audit entries…`);
  const seedStart = performance.now();
  await seedAudit(handle, actorIds);
  console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const london = (d: string, next = false) =>
    `((${`'${d}'`}::date${next ? ' + 1' : ''})::timestamp at time zone 'Europe/London')`;
  const scenarios: Scenario[] = [
    { name: 'audit: first page', url: '/api/audit', where: 'true', values: [] },
    {
      name: 'audit: action=auth.sign_in_failed',
      url: '/api/audit?action=auth.sign_in_failed',
      where: 'action = $1',
      values: ['auth.sign_in_failed'],
    },
    {
      name: 'audit: ip=10.3.7.42',
      url: '/api/audit?ip=10.3.7.42',
      where: 'ip = $1',
      values: ['10.3.7.42'],
    },
    {
      name: 'audit: actor + 30 days',
      url: `/api/audit?actorId=${actorIds[3]}&from=${day(60)}&to=${day(30)}`,
      where: `actor_user_id = $1 and at >= ${london(day(60))} and at < ${london(day(30), true)}`,
      values: [actorIds[3]],
    },
    {
      name: 'audit: target user 42 + action',
      url: '/api/audit?targetType=user&targetId=42&action=auth.sign_in',
      where: 'target_type = $1 and target_id = $2 and action = $3',
      values: ['user', '42', 'auth.sign_in'],
    },
  ];
  // The next page of the failures: keyset from the first page's last row.
  const first = (await (
    await fetch(`${base}/api/audit?action=auth.sign_in_failed`, { headers: session.headers })
  ).json()) as { items: { id: string }[]; nextCursor: string };
  const lastRow = (
    await handle.query(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from audit_log where id = $1`,
      [first.items.at(-1)!.id],
    )
  ).rows[0]!;
  scenarios.push({
    name: 'audit: failures, next page by cursor',
    url: `/api/audit?action=auth.sign_in_failed&cursor=${encodeURIComponent(first.nextCursor)}`,
    where: `action = $1 and (at, id) < ($2::timestamptz, $3::uuid)`,
    values: ['auth.sign_in_failed', lastRow.at, lastRow.id],
  });

  const guard = guardQuery(handle);
  const results = [];
  for (const scenario of scenarios) {
    const probe = await fetch(base + scenario.url, { headers: session.headers });
    if (probe.status !== 200) {
      throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
    }
    const shown = ((await probe.json()) as { items: unknown[] }).items.length;
    const pair = await timePair(
      () => fetchBody(base + scenario.url, session.headers),
      async () => {
        await guard(session.id);
        await handle.query(pageSql(scenario.where), scenario.values);
        await handle.query(namesSql, [actorIds]);
      },
      { count: iterations },
    );
    results.push({ endpoint: scenario.name, rows: shown, ...pairColumns(pair) });
    targetWithin(
      `${scenario.name} p50 within 1.5x of its SQL`,
      pair.http.p50,
      pair.direct.p50,
      1.5,
      ['http', 'SQL'],
    );
    if (handle.kind === 'pglite')
      targetUnder(`${scenario.name} under 20 ms on PGlite`, pair.http.p50, 20);
  }
  console.log(
    `\n${engine}, ${entryCount.toLocaleString('en-GB')} audit entries, ${iterations} requests each:`,
  );
  console.table(results);
}

/** Only this part: a fresh in-memory PGlite, the app on a free port, the audit bench. */
async function main() {
  const handle = await openDatabase({ dataDir: null });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-audit-'));
  try {
    await migrate(handle);
    const { app, base, session } = await startBenchApp(handle, dataDir);
    await benchAudit(handle, base, session);
    await closeBenchApp(app);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportTargets('bench:audit');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
