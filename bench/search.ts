// Issue 25: the top bar's search at 100,000 orders. Times GET /api/search for back office, a
// contractor and an engineer through HTTP against the same SQL run directly through the driver.
// Target (issue 23): every search under 15 ms at p50 at 100,000 orders on either engine, under
// 50 ms at 1,000,000 on PostgreSQL. `npm run bench` runs it after the order list;
// `npx tsx bench/search.ts` seeds 100,000 orders (BENCH_ORDERS) and runs only this part.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { createSession, sessionCookieName } from '../src/server/modules/auth/session.service';
import type { Viewer } from '../src/server/modules/orders/order-access';
import { scopeCondition } from '../src/server/modules/orders/projections/order-summary.projection';
import {
  customerSearchSql,
  engineerVisitSearchSql,
  orderSearchSql,
  serialSearchSql,
} from '../src/server/modules/orders/projections/search.projection';
import { openVisitsSince } from '../src/server/modules/search/search.service';
import { searchLimits } from '../src/shared/search/search.contracts';
import { searchTerms } from '../src/shared/search/search-terms';
import { bulkSeedOrders } from './orders-seed';
import { guardQuery, startBenchApp, closeBenchApp } from './bench-app';
import { fetchBody, pairColumns, timePair } from './timing';
import { reportTargets, targetUnder } from './targets';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const dialect = new PgDialect();
const limit = searchLimits.perGroup;

type Session = { headers: Record<string, string>; id: string };

/** A serial on every completed visit, as the engineer app records and stock keeps them. */
async function seedSerials(handle: DatabaseHandle) {
  await handle.query(`
    update visits set serials = jsonb_build_object('dish', 'DSH-' || upper(substr(md5(order_id::text), 1, 8)),
                                                   'router', 'RTR-' || upper(substr(md5(id::text), 1, 8)))
     where status = 'completed'`);
  await handle.query(`
    insert into stock_field_serials (visit_id, order_id, engineer_id, serial, label, status)
    select id, order_id, engineer_id, serials->>'dish', 'Dish', 'installed'
      from visits where status = 'completed'`);
  await handle.exec('analyze visits; analyze stock_field_serials');
}

async function sessionFor(handle: DatabaseHandle, dataDir: string, userId: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PUBLIC_URL: 'http://127.0.0.1:5000',
  });
  const session = await createSession(handle.db, config, userId);
  return { headers: { cookie: `${sessionCookieName}=${session.token}` }, id: session.id };
}

/** The statements the endpoint runs for this viewer and term (search.service). */
function statementsFor(viewer: Viewer, q: string): (SQL | null)[] {
  const terms = searchTerms(q);
  if (viewer.backOffice) {
    return [
      orderSearchSql(terms, undefined, limit),
      customerSearchSql(terms, limit),
      serialSearchSql(terms, null, limit),
    ];
  }
  const statements: (SQL | null)[] = [];
  if (viewer.contractorId) {
    statements.push(
      orderSearchSql(terms, scopeCondition(viewer), limit),
      serialSearchSql(terms, viewer.contractorId, limit),
    );
  }
  if (viewer.engineer) {
    statements.push(
      engineerVisitSearchSql(terms, viewer.userId, limit, openVisitsSince(new Date())),
    );
  }
  return statements;
}

export async function benchSearch(
  handle: DatabaseHandle,
  base: string,
  backOffice: Session,
  dataDir: string,
  orderCount: number,
) {
  const limitMs = orderCount > 100_000 ? 50 : 15;
  await seedSerials(handle);
  const guard = guardQuery(handle);
  const { rows: people } = await handle.query(`
    select (select id from users where role = 'back_office' limit 1) as office,
           (select id from contractors where name = 'Tamar Satellite Services Ltd') as company,
           (select u.id from users u join contractors c on c.id = u.contractor_id
             where c.name = 'Tamar Satellite Services Ltd' and u.role = 'engineer'
             order by u.email limit 1) as engineer`);
  const { office, company, engineer } = people[0] as Record<string, string>;
  const { rows: contractorRows } = await handle.query(
    `insert into users (email, role, first_name, last_name, status, contractor_id)
     values ('bench-contractor@example.com', 'contractor', 'Bench', 'Contractor', 'active', $1)
     returning id`,
    [company],
  );
  const contractorId = String(contractorRows[0]!.id);
  const contractor = await sessionFor(handle, dataDir, contractorId);
  const engineerSession = await sessionFor(handle, dataDir, engineer!);

  const sample = (
    await handle.query(
      `select c.postcode, c.phone, c.email, o.order_number, f.serial
         from customers c join orders o on o.customer_id = c.id
         left join stock_field_serials f on f.order_id = o.id
        where c.reference = 'CUS-004242'`,
    )
  ).rows[0] as Record<string, string | null>;
  const serial = String(
    (
      await handle.query(
        `select serial from stock_field_serials order by serial limit 1 offset 500`,
      )
    ).rows[0]!.serial,
  );
  const engineerSerial = String(
    (
      await handle.query(
        `select serial from stock_field_serials where engineer_id = $1 order by serial limit 1 offset 100`,
        [engineer],
      )
    ).rows[0]!.serial,
  );
  const nationalPhone = `0${String(sample.phone).slice(3)}`;

  const viewers: Record<string, { viewer: Viewer; session: Session }> = {
    'back office': {
      viewer: {
        userId: office!,
        name: 'Bench',
        backOffice: true,
        contractorId: null,
        engineer: false,
      },
      session: backOffice,
    },
    contractor: {
      viewer: {
        userId: contractorId,
        name: 'Bench',
        backOffice: false,
        contractorId: company!,
        engineer: false,
      },
      session: contractor,
    },
    engineer: {
      viewer: {
        userId: engineer!,
        name: 'Bench',
        backOffice: false,
        contractorId: null,
        engineer: true,
      },
      session: engineerSession,
    },
  };
  const scenarios: { who: keyof typeof viewers; what: string; q: string }[] = [
    { who: 'back office', what: 'surname', q: 'Pascoe' },
    { who: 'back office', what: 'two letters', q: 'pa' },
    { who: 'back office', what: 'part of a surname', q: 'ascoe' },
    { who: 'back office', what: 'postcode', q: String(sample.postcode) },
    { who: 'back office', what: 'phone', q: nationalPhone },
    { who: 'back office', what: 'email', q: String(sample.email) },
    { who: 'back office', what: 'order sequence', q: '4242' },
    { who: 'back office', what: 'order number', q: String(sample.order_number) },
    { who: 'back office', what: 'serial', q: serial },
    { who: 'contractor', what: 'surname', q: 'Pascoe' },
    { who: 'contractor', what: 'postcode', q: String(sample.postcode).slice(0, 3) },
    { who: 'contractor', what: 'serial', q: serial.slice(0, 6) },
    { who: 'engineer', what: 'surname', q: 'Pascoe' },
    { who: 'engineer', what: 'two letters', q: 'pa' },
    { who: 'engineer', what: 'part of a surname', q: 'ascoe' },
    { who: 'engineer', what: 'postcode', q: String(sample.postcode) },
    { who: 'engineer', what: 'serial', q: engineerSerial },
  ];

  const results = [];
  for (const scenario of scenarios) {
    const { viewer, session } = viewers[scenario.who]!;
    const url = `${base}/api/search?q=${encodeURIComponent(scenario.q)}`;
    const probe = await fetch(url, { headers: session.headers });
    if (probe.status !== 200)
      throw new Error(`${scenario.q}: HTTP ${probe.status} ${await probe.text()}`);
    const body = (await probe.json()) as { groups: { items: unknown[] }[] };
    const queries = statementsFor(viewer, scenario.q)
      .filter((s): s is SQL => s !== null)
      .map((s) => dialect.sqlToQuery(s));
    const pair = await timePair(
      () => fetchBody(url, session.headers),
      async () => {
        await guard(session.id);
        await Promise.all(queries.map((q) => handle.query(q.sql, q.params)));
      },
      { count: iterations },
    );
    targetUnder(
      `search ${scenario.who} ${scenario.what} '${scenario.q}' under ${limitMs} ms`,
      pair.http.p50,
      limitMs,
    );
    results.push({
      search: `${scenario.who}: ${scenario.what} '${scenario.q}'`,
      results: body.groups.reduce((n, g) => n + g.items.length, 0),
      ...pairColumns(pair),
    });
  }
  console.log(`\nSearch from the top bar (GET /api/search), ${iterations} requests each:`);
  console.table(results);
}

/** Only this part: a fresh in-memory PGlite with the orders seeded, the app, the search bench. */
async function main() {
  const handle = await openDatabase({ dataDir: null });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-search-'));
  try {
    await migrate(handle);
    const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
    await bulkSeedOrders(handle, orderCount);
    const { app, base, session } = await startBenchApp(handle, dataDir);
    await benchSearch(handle, base, session, dataDir, orderCount);
    await closeBenchApp(app);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportTargets('bench:search');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
