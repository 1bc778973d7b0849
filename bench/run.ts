// `npm run bench`: seeds 100,000 orders into a fresh database (PGlite by default; a new
// database on the PostgreSQL server at BENCH_DATABASE_URL when set, dropped afterwards), starts
// the real app on a free port, and measures the order list and detail through HTTP against the
// same SQL run directly through the driver. Target: every endpoint's p50 within 2x of its SQL.
// Then the audit log, the reports and stock (each with its own targets). BENCH_ONLY runs only
// the parts named, comma-separated: orders, search, audit, reports, stock (search and reports seed
// the orders too).
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { bulkSeedOrders } from './orders-seed';
import { benchPartnerApiCreate } from './partner-api';
import { benchAudit } from './audit';
import { benchReports } from './reports';
import { benchStock } from './stock';
import { benchSearch } from './search';
import { guardQuery, startBenchApp } from './bench-app';
import { fetchBody, pairColumns, timePair } from './timing';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const warmup = 5;
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const parts = ['orders', 'search', 'audit', 'reports', 'stock'];
const unknown = only?.filter((part) => !parts.includes(part)) ?? [];
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY: no part ${unknown.join(', ')} (${parts.join(', ')})`);
const runs = (part: string) => !only || only.includes(part);

type Scenario = {
  name: string;
  url: () => string;
  sql: (handle: DatabaseHandle) => Promise<unknown>;
};

// The SQL the order list runs (listOrders of the order-summary projection): the page of ids, its
// joins, and the count, with the same conditions.
const pageSql = (where: string, orderBy: string, limitOffset: string) => `
  select o.id, o.order_number, o.status, o.kit_status, o.partner_id, p.name, o.partner_reference,
         o.customer_id, c.first_name, c.last_name, c.postcode, c.town, o.job_type_id, jt.name,
         o.contractor_id, ct.name, o.contractor_accepted_at, o.requested_date, o.sla_at_risk_at,
         o.sla_due_at, o.sla_stopped_at, o.received_at, o.updated_at, o.price_pence, o.payout_pence
    from (select id from orders o where ${where} order by ${orderBy} ${limitOffset}) page
    join orders o on o.id = page.id
    join partners p on p.id = o.partner_id
    join customers c on c.id = o.customer_id
    join job_types jt on jt.id = o.job_type_id
    left join contractors ct on ct.id = o.contractor_id
   order by ${orderBy.replaceAll('o.', 'o.')}`;

function listSql(where: string, values: unknown[], offset = 0) {
  return async (handle: DatabaseHandle) => {
    await Promise.all([
      handle.query(
        pageSql(where, 'o.received_at desc, o.id desc', `limit 25 offset ${offset}`),
        values,
      ),
      handle.query(`select count(*)::int from orders o where ${where}`, values),
    ]);
  };
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `uplink_bench_${process.pid}`;
  let admin: pg.Client | null = null;
  let handle: DatabaseHandle;
  if (pgUrl) {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 10 });
  } else {
    handle = await openDatabase({ dataDir: null });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-'));
  const engine = pgUrl ? 'PostgreSQL' : 'PGlite';
  try {
    await migrate(handle);
    if (runs('orders') || runs('search') || runs('reports')) {
      console.log(`Engine: ${engine}; seeding ${orderCount.toLocaleString('en-GB')} orders…`);
      const seedStart = performance.now();
      await bulkSeedOrders(handle, orderCount);
      const counts = await handle.query(
        `select (select count(*) from orders)::int as orders, (select count(*) from customers)::int as customers,
                (select count(*) from order_events)::int as events, (select count(*) from visits)::int as visits`,
      );
      console.log(
        `Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s:`,
        JSON.stringify(counts.rows[0]),
      );
    }
    const { app, base, session } = await startBenchApp(handle, dataDir);
    const { headers } = session;
    const guard = guardQuery(handle);
    if (runs('orders')) {
      // Probes taken from the data: a postcode, a surname, order ids for the detail.
      const sample = await handle.query(
        `select c.postcode, c.last_name from customers c where c.reference = 'CUS-004242'`,
      );
      const postcode = String(sample.rows[0]!.postcode);
      const surname = 'Pascoe';
      const ids = (
        await handle.query(`select id from orders order by order_number limit 50 offset 1000`)
      ).rows.map((r) => String(r.id));
      let detailIndex = 0;
      const nextId = () => ids[detailIndex++ % ids.length]!;
      const like = (text: string) => `%${text.toLowerCase()}%`;
      const deepPage = Math.floor(orderCount / 2 / 25);

      const scenarios: Scenario[] = [
        { name: 'list: first page', url: () => '/api/orders', sql: listSql('true', []) },
        {
          name: 'list: status=scheduled',
          url: () => '/api/orders?status=scheduled',
          sql: listSql('o.status in ($1)', ['scheduled']),
        },
        {
          name: `list: search postcode ${postcode}`,
          url: () => `/api/orders?q=${encodeURIComponent(postcode)}`,
          sql: listSql('(o.search_text like $1)', [like(postcode)]),
        },
        {
          name: `list: search surname ${surname}`,
          url: () => `/api/orders?q=${surname}`,
          sql: listSql('o.search_text like $1', [like(surname)]),
        },
        {
          name: `list: deep page ${deepPage}`,
          url: () => `/api/orders?page=${deepPage}`,
          sql: listSql('true', [], (deepPage - 1) * 25),
        },
        {
          name: 'order detail',
          url: () => `/api/orders/${nextId()}`,
          sql: async (h) => {
            const id = nextId();
            // The endpoint reads the three at once, as here.
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
              h.query(`select * from order_events where order_id = $1 order by created_at, id`, [
                id,
              ]),
            ]);
          },
        },
      ];

      const results = [];
      for (const scenario of scenarios) {
        const probe = await fetch(base + scenario.url(), { headers });
        if (probe.status !== 200)
          throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
        const body = (await probe.json()) as { total?: number };
        const pair = await timePair(
          () => fetchBody(base + scenario.url(), headers),
          async () => {
            // Every /api request first loads its session: part of the endpoint's SQL too.
            await guard(session.id);
            await scenario.sql(handle);
          },
          { count: iterations, warmup },
        );
        results.push({
          endpoint: scenario.name,
          matches: body.total ?? 1,
          ...pairColumns(pair),
          'ratio p95': (pair.http.p95 / pair.direct.p95).toFixed(2),
        });
      }
      console.log(
        `\n${engine}, ${orderCount.toLocaleString('en-GB')} orders, ${iterations} requests each:`,
      );
      console.table(results);
      // Issue 14: order creation through the partner API, concurrent, against the same SQL.
      const create = await benchPartnerApiCreate(handle, base);
      console.log('\nOrder creation, partner API against SQL (p50 and p95 of each, ratios):');
      console.table([create]);
      const over = results.filter((r) => Number(r['ratio p50']) > 2);
      console.log(
        over.length === 0
          ? 'Every endpoint is within 2x of its SQL at p50.'
          : `Over 2x at p50: ${over.map((r) => r.endpoint).join(', ')}`,
      );
    }
    // Issue 25: the top bar's search, per role, on the same 100,000 orders.
    if (runs('search')) await benchSearch(handle, base, { headers, id: session.id }, dataDir);
    if (runs('audit')) await benchAudit(handle, base, { headers, id: session.id });
    if (runs('reports')) await benchReports(handle, base, headers, session.id);
    if (runs('stock')) await benchStock(handle, base, { headers, id: session.id });
    await app.close();
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  }
}

await main();
