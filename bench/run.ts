// `npm run bench`: seeds orders into a fresh database (100,000 on PGlite by default; 1,000,000
// with ~5,000,000 events in a new database on the PostgreSQL server at BENCH_DATABASE_URL when
// set, dropped afterwards; BENCH_ORDERS changes the count), starts the real app on a free port,
// and times each order list and detail endpoint through HTTP against (a) the same SQL run
// directly through the driver and (b) an index-only read of the same rows. Then partner order
// intake (throughput), the top bar's search, the audit log, the reports and stock, each with its
// own targets. The run ends with one line per target (bench/targets.ts) and `bench: N/M targets
// met`, and exits non-zero when one is missed (decision 088). BENCH_ONLY runs only the parts
// named, comma-separated: orders, intake, search, audit, reports, stock (orders, intake, search
// and reports seed the orders).
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { bulkSeedOrders } from './orders-seed';
import { benchPartnerIntake } from './partner-api';
import { benchAudit } from './audit';
import { benchReports } from './reports';
import { benchStock } from './stock';
import { benchSearch } from './search';
import { listPaging } from '../src/server/db/keyset';
import { loadConfig } from '../src/server/config';
import { benchSessionSecret, guardQuery, startBenchApp, closeBenchApp } from './bench-app';
import { fetchBody, timeRounds } from './timing';
import { ms, reportTargets, target, targetUnder, targetWithin } from './targets';

const pgUrl = process.env.BENCH_DATABASE_URL;
const orderCount = Number(process.env.BENCH_ORDERS ?? (pgUrl ? 1_000_000 : 100_000));
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const warmup = 5;
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const parts = ['orders', 'intake', 'search', 'audit', 'reports', 'stock'];
const unknown = only?.filter((part) => !parts.includes(part)) ?? [];
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: no part ${unknown.join(', ')} (${parts.join(', ')})`);
const runs = (part: string) => !only || only.includes(part);

type Scenario = {
  name: string;
  url: () => string;
  /** The endpoint's statements, as it runs them (the session guard is added when timed). */
  sql: (handle: DatabaseHandle) => Promise<unknown>;
  /** The same rows read through an index alone (run at once): the floor for its SQL. */
  reads: () => Statement[];
  /** The p50 ratio to its SQL the endpoint must stay within (1.5x; the detail 1.3x). */
  sqlRatio?: number;
  search?: boolean;
};

/** The search targets: 15 ms at 100,000 orders on either engine, 50 ms at 1,000,000. */
export const searchLimitMs = (orders: number) => (orders > 100_000 ? 50 : 15);
/** Seeding 1,000,000 orders: under 5 minutes. */
const seedLimitSeconds = 300;

/** The list's page size and exact-count threshold, as the app has them by default. */
const pageSize = 25;
const benchPaging = listPaging(loadConfig({ SESSION_SECRET: benchSessionSecret }));
const exactCountLimit = benchPaging.exactCountLimit;

// The SQL the order list runs (listOrders of the order-summary projection, keyset paging of
// decision 085): the page of ids with each row's cursor key, its joins; and the count, exact up
// to the threshold (a count of `limit threshold + 1` rows) and estimated by the planner beyond it.
const pageSql = (where: string, limitOffset: string) => `
  select o.id, o.order_number, o.status, o.kit_status, o.partner_id, p.name, o.partner_reference,
         o.customer_id, c.first_name, c.last_name, c.postcode, c.town, o.job_type_id, jt.name,
         o.contractor_id, ct.name, o.contractor_accepted_at, o.requested_date, o.sla_at_risk_at,
         o.sla_due_at, o.sla_stopped_at, o.received_at, o.updated_at, o.price_pence, o.payout_pence,
         page.cursor_key
    from (select id, json_build_array((o.received_at)::text, (o.id)::text)::text as cursor_key
            from orders o where ${where}
           order by o.received_at desc, o.id desc ${limitOffset}) page
    join orders o on o.id = page.id
    join partners p on p.id = o.partner_id
    join customers c on c.id = o.customer_id
    join job_types jt on jt.id = o.job_type_id
    left join contractors ct on ct.id = o.contractor_id
   order by o.received_at desc, o.id desc`;

async function countSql(
  handle: DatabaseHandle,
  where: string,
  values: unknown[],
  limit = exactCountLimit,
) {
  const bounded = `select count(*)::int from (select id from orders o where ${where} limit ${limit + 1}) counted`;
  // The whole table: one statement, counting only when the statistics do not already put it
  // well over the threshold (decision 091).
  if (where === 'true') {
    await handle.query(
      `select case when stats.estimate > ${exactCountLimit * 2} then -1 else (${bounded}) end as n, stats.estimate
         from (select coalesce((select reltuples::bigint from pg_class where oid = to_regclass('orders')), -1) as estimate) stats`,
    );
    return;
  }
  const { rows } = await handle.query(`select (${bounded}) as n`, values);
  if (Number(rows[0]!.n) <= limit) return;
  await handle.query(`explain (format json) (select id from orders o where ${where})`, values);
}

/**
 * The list's statements: `where` may use $1…; a keyset position adds its own two values. A text
 * search counts exactly only up to its own lower threshold (decision 097).
 */
function listSql(
  where: string,
  values: unknown[],
  after?: () => [string, string],
  searched = false,
) {
  return async (handle: DatabaseHandle) => {
    const position = after?.();
    const n = values.length;
    const pageWhere = position
      ? `${where} and (o.received_at, o.id) < ($${n + 1}::timestamptz, $${n + 2}::uuid)`
      : where;
    await Promise.all([
      handle.query(pageSql(pageWhere, `limit ${pageSize + 1}`), [...values, ...(position ?? [])]),
      countSql(
        handle,
        where,
        values,
        searched ? benchPaging.searchExactCountLimit : exactCountLimit,
      ),
    ]);
  };
}

type Statement = { text: string; values?: unknown[] };

/** The plan's scan nodes (Index Only Scan, Bitmap Index Scan on …), to show what serves a read. */
async function scansOf(handle: DatabaseHandle, statement: Statement) {
  const { rows } = await handle.query(`explain (format json) ${statement.text}`, statement.values);
  const raw = Object.values(rows[0]!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'].includes('Scan'))
      scans.push(
        node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : node['Node Type'],
      );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0]!.Plan);
  return scans.join(', ');
}
type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

const runAll = (handle: DatabaseHandle, statements: Statement[]) =>
  Promise.all(statements.map((s) => handle.query(s.text, s.values)));

async function benchOrders(
  handle: DatabaseHandle,
  base: string,
  session: { headers: Record<string, string>; id: string },
  engine: string,
) {
  const { headers } = session;
  const guard = guardQuery(handle);
  // Probes taken from the data: a postcode, a surname, order ids for the detail.
  const sample = await handle.query(
    `select c.postcode, c.last_name from customers c where c.reference = 'CUS-004242'`,
  );
  const postcode = String(sample.rows[0]!.postcode);
  const surname = 'Pascoe';
  const ids = (
    await handle.query(`select id from orders order by order_number limit 50 offset 1000`)
  ).rows.map((r) => String(r.id));
  let sqlIndex = 0;
  let readIndex = 0;
  let httpIndex = 0;
  const like = (text: string) => `%${text.toLowerCase()}%`;
  const deepPage = Math.floor(orderCount / 2 / 25);
  // The last row before the deep page: the same 25 rows read by keyset from the index.
  const before = (
    await handle.query(
      `select received_at, id, json_build_array(received_at::text, id::text)::text as key
         from orders order by received_at desc, id desc limit 1 offset $1`,
      [(deepPage - 1) * 25 - 1],
    )
  ).rows[0]!;
  // The cursor the list gives for "the page after that row", as its Next button sends it.
  const beforeKey = JSON.parse(String(before.key)) as string[];
  const deepCursor = benchPaging.codec.encode('orders:receivedAt:desc', {
    direction: 'after',
    key: beforeKey,
  });
  // orders_received_idx is (received_at, id), read backward (decision 085).
  const newest = 'order by received_at desc, id desc limit 25';
  const searchRead = (text: string) => () => [
    { text: `select id from orders where search_text like $1 ${newest}`, values: [like(text)] },
  ];

  const scenarios: Scenario[] = [
    {
      name: 'list first page',
      url: () => '/api/orders',
      sql: listSql('true', []),
      reads: () => [{ text: `select id from orders ${newest}` }],
    },
    {
      name: 'list status=scheduled',
      url: () => '/api/orders?status=scheduled',
      sql: listSql('o.status in ($1)', ['scheduled']),
      // orders_status_received_idx: (status, received_at, id), read backward.
      reads: () => [
        {
          text: `select id from orders where status = $1 ${newest}`,
          values: ['scheduled'],
        },
      ],
    },
    {
      name: `list search postcode ${postcode}`,
      url: () => `/api/orders?q=${encodeURIComponent(postcode)}`,
      sql: listSql('(o.search_text like $1)', [like(postcode)], undefined, true),
      reads: searchRead(postcode),
      search: true,
    },
    {
      name: `list search surname ${surname}`,
      url: () => `/api/orders?q=${surname}`,
      sql: listSql('o.search_text like $1', [like(surname)], undefined, true),
      reads: searchRead(surname),
      search: true,
    },
    {
      name: `list deep page ${deepPage} by cursor`,
      url: () => `/api/orders?cursor=${encodeURIComponent(deepCursor)}`,
      sql: listSql('true', [], () => [beforeKey[0]!, beforeKey[1]!]),
      reads: () => [
        {
          text: `select id from orders where (received_at, id) < ($1, $2) ${newest}`,
          values: [before.received_at, before.id],
        },
      ],
    },
    {
      name: 'order detail',
      url: () => `/api/orders/${ids[httpIndex++ % ids.length]!}`,
      sqlRatio: 1.3,
      sql: async (h) => {
        const id = ids[sqlIndex++ % ids.length]!;
        // The endpoint reads the five at once, as here (getOrderDetail): the order with its
        // references, its visits, its events, its field serial flags and the customer's form.
        await Promise.all([
          h.query(
            `select o.*, c.*, p.name, jt.name, ct.id, ct.name, ct.contact_email, ct.contact_phone
               from orders o join customers c on c.id = o.customer_id
               join partners p on p.id = o.partner_id join job_types jt on jt.id = o.job_type_id
               left join contractors ct on ct.id = o.contractor_id where o.id = $1 limit 1`,
            [id],
          ),
          h.query(
            `select v.*, u.first_name, u.last_name from visits v join users u on u.id = v.engineer_id
              where v.order_id = $1 order by v.created_at, v.id`,
            [id],
          ),
          h.query(`select * from order_events where order_id = $1 order by created_at, id`, [id]),
          h.query(
            `select f.*, l.name from stock_field_serials f
               left join stock_locations l on l.kind = 'van' and l.engineer_id = f.engineer_id
              where f.status in ('open', 'resolved') and f.order_id = $1
              order by f.created_at desc, f.id desc limit 500`,
            [id],
          ),
          h.query(
            `select id, order_id, link_id, answers, submitted_at from customer_form_submissions
              where order_id = $1 order by submitted_at desc limit 1`,
            [id],
          ),
        ]);
      },
      reads: () => {
        const id = ids[readIndex++ % ids.length]!;
        return [
          { text: `select id from orders where id = $1`, values: [id] },
          { text: `select id from visits where order_id = $1`, values: [id] },
          {
            text: `select id from order_events where order_id = $1 order by created_at`,
            values: [id],
          },
          { text: `select id from stock_field_serials where order_id = $1`, values: [id] },
          { text: `select id from customer_form_submissions where order_id = $1`, values: [id] },
        ];
      },
    },
  ];

  const results = [];
  for (const scenario of scenarios) {
    const probe = await fetch(base + scenario.url(), { headers });
    if (probe.status !== 200)
      throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
    const body = (await probe.json()) as { total?: number };
    const plan = (await Promise.all(scenario.reads().map((s) => scansOf(handle, s)))).join('; ');
    const t = await timeRounds(
      {
        http: () => fetchBody(base + scenario.url(), headers),
        // Every /api request first loads its session: part of the endpoint's SQL too.
        sql: async () => {
          await guard(session.id);
          await scenario.sql(handle);
        },
        index: () => runAll(handle, scenario.reads()),
      },
      { count: iterations, warmup },
    );
    results.push({
      endpoint: scenario.name,
      matches: body.total ?? 1,
      'http p50': ms(t.http.p50),
      'http p95': ms(t.http.p95),
      'sql p50': ms(t.sql.p50),
      'sql p95': ms(t.sql.p95),
      'index p50': ms(t.index.p50),
      'index p95': ms(t.index.p95),
      'http/sql': (t.http.p50 / t.sql.p50).toFixed(2),
      'sql/index': (t.sql.p50 / t.index.p50).toFixed(2),
      'index read': plan,
    });
    const name = scenario.name;
    const sqlRatio = scenario.sqlRatio ?? 1.5;
    targetWithin(`${name} p50 within ${sqlRatio}x of its SQL`, t.http.p50, t.sql.p50, sqlRatio, [
      'http',
      'SQL',
    ]);
    targetWithin(`${name} SQL within 3x of the index-only read`, t.sql.p50, t.index.p50, 3, [
      'SQL',
      'index read',
    ]);
    targetWithin(`${name} p95 within 3x of p50`, t.http.p95, t.http.p50, 3, ['p95', 'p50']);
    if (scenario.search)
      targetUnder(
        `${name} under ${searchLimitMs(orderCount)} ms`,
        t.http.p50,
        searchLimitMs(orderCount),
      );
  }
  console.log(
    `\n${engine}, ${orderCount.toLocaleString('en-GB')} orders, ${iterations} requests each (ms; index: the same rows read through an index alone):`,
  );
  console.table(results);
}

async function main() {
  const dbName = `uplink_bench_${process.pid}`;
  let admin: pg.Client | null = null;
  let handle: DatabaseHandle;
  if (pgUrl) {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    // The pool as the app sizes it (DATABASE_POOL_MAX, else by the machine's cores).
    const pool = process.env.DATABASE_POOL_MAX;
    handle = await openDatabase({
      databaseUrl: url.toString(),
      maxConnections: pool ? Number(pool) : undefined,
    });
  } else {
    handle = await openDatabase({ dataDir: null });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-'));
  const engine = pgUrl ? 'PostgreSQL' : 'PGlite';
  try {
    await migrate(handle);
    if (runs('orders') || runs('intake') || runs('search') || runs('reports')) {
      console.log(`Engine: ${engine}; seeding ${orderCount.toLocaleString('en-GB')} orders…`);
      const seedStart = performance.now();
      await bulkSeedOrders(handle, orderCount);
      const seconds = (performance.now() - seedStart) / 1000;
      const counts = await handle.query(
        `select (select count(*) from orders)::int as orders, (select count(*) from customers)::int as customers,
                (select count(*) from order_events)::int as events, (select count(*) from visits)::int as visits`,
      );
      console.log(`Seeded in ${seconds.toFixed(1)} s:`, JSON.stringify(counts.rows[0]));
      if (orderCount >= 1_000_000) {
        target(
          `seed ${orderCount.toLocaleString('en-GB')} orders under 5 minutes`,
          seconds < seedLimitSeconds,
          `${seconds.toFixed(0)} s on ${engine} for ${Object.entries(counts.rows[0]!)
            .map(([k, v]) => `${Number(v).toLocaleString('en-GB')} ${k}`)
            .join(', ')}, limit ${seedLimitSeconds} s`,
        );
      }
      // The steady state a running system is timed in: autovacuum on PostgreSQL, the nightly
      // upkeep on PGlite (decision 091) keep the visibility map set, so index-only scans read no
      // table page; straight after a bulk load nothing has set it yet (decision 098).
      const vacuumStart = performance.now();
      await handle.exec('vacuum analyze');
      console.log(`Vacuumed in ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
    }
    const { app, base, session } = await startBenchApp(handle, dataDir);
    if (runs('orders')) await benchOrders(handle, base, session, engine);
    if (runs('intake')) {
      // Issue 23: order intake through the partner API, 100 partners at once.
      const intake = await benchPartnerIntake(handle, base);
      console.log(`\nOrder intake through the partner API on ${engine}:`);
      console.table([intake]);
    }
    // Issue 25: the top bar's search, per role, on the same orders.
    if (runs('search')) await benchSearch(handle, base, session, dataDir, orderCount);
    if (runs('audit')) await benchAudit(handle, base, session);
    if (runs('reports')) await benchReports(handle, base, session.headers, session.id);
    if (runs('stock')) await benchStock(handle, base, session);
    await closeBenchApp(app);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  }
  reportTargets('bench');
}

await main();
