// Issue 20: stock at 1,000,000 movements. Seeds a ledger (multi-row inserts, 5,000 rows a
// statement) over a few hundred products and locations, counted and serialised, with the levels
// and serials it adds up to, then times the levels list and a busy serial's history through HTTP
// against the same SQL run directly through the driver. Targets: p50 within 1.5x of its SQL, and
// under 20 ms on the embedded database.
// `npm run bench` runs it after the orders; `npx tsx bench/stock.ts` runs only this part.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { levelRows } from '../src/server/modules/stock/stock.repository';
import { guardQuery, startBenchApp, closeBenchApp } from './bench-app';
import { fetchBody, pairColumns, timePair } from './timing';
import { reportTargets, targetUnder, targetWithin } from './targets';

const movementCount = Number(process.env.BENCH_STOCK_MOVEMENTS ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const batch = 5_000;
const counts = { warehouses: 10, depots: 90, vans: 200, serialised: 100, counted: 200 };
/** The busy serial: one movement in this many, spread over the whole ledger. */
const hotEvery = Math.max(1, Math.floor(movementCount / 200));
const hotSerial = 'BENCH-SN-HOT';

/** A seeded generator, so that every run seeds the same ledger. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Movement = {
  kind: 'receive' | 'transfer' | 'install';
  productId: string;
  quantity: number;
  from: string | null;
  to: string | null;
  serialId: string | null;
};
type SerialState = {
  id: string;
  serial: string;
  productId: string;
  locationId: string | null;
  /** The places it goes through: a warehouse, a depot, a van, then a customer (null). */
  path: (string | null)[];
  step: number;
};

async function insertRows(
  handle: DatabaseHandle,
  head: string,
  casts: string[],
  rows: unknown[][],
) {
  for (let start = 0; start < rows.length; start += batch) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(start, start + batch)) {
      const p = values.length;
      tuples.push(`(${casts.map((cast, i) => `$${p + i + 1}${cast}`).join(', ')})`);
      values.push(...row);
    }
    await handle.query(`${head} values ${tuples.join(', ')}`, values);
  }
}

/**
 * Products, locations, then the ledger, simulated in order so that no level ever goes below
 * zero; the levels and serials are written from what the simulation ends with.
 */
export async function seedStock(handle: DatabaseHandle) {
  const pick = random(20);
  const any = <T>(list: T[]) => list[Math.floor(pick() * list.length)]!;
  const products = Array.from({ length: counts.serialised + counts.counted }, (_, i) => ({
    id: randomUUID(),
    sku: `BENCH-${String(i + 1).padStart(4, '0')}`,
    serialised: i % 3 === 0 && i / 3 < counts.serialised,
  }));
  await insertRows(
    handle,
    `insert into stock_products (id, sku, name, category, tracked_by_serial, unit_cost_pence)`,
    ['::uuid', '', '', '', '::boolean', '::int'],
    products.map((p, i) => [
      p.id,
      p.sku,
      `${p.serialised ? 'Dish' : 'Cable'} model ${i + 1}`,
      p.serialised ? 'dish' : 'cable',
      p.serialised,
      p.serialised ? 12_000 : 150,
    ]),
  );
  const place = (kind: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      kind,
      name: `Bench ${kind} ${i + 1}`,
    }));
  const warehouses = place('warehouse', counts.warehouses);
  const depots = place('depot', counts.depots);
  const vans = place('van', counts.vans);
  await insertRows(
    handle,
    `insert into stock_locations (id, kind, name)`,
    ['::uuid', '', ''],
    [...warehouses, ...depots, ...vans].map((l) => [l.id, l.kind, l.name]),
  );
  // A low-stock level for every product at every warehouse.
  await insertRows(
    handle,
    `insert into stock_low_levels (product_id, location_id, level)`,
    ['::uuid', '::uuid', '::int'],
    products.flatMap((p) => warehouses.map((w) => [p.id, w.id, 20])),
  );

  const serialisedProducts = products.filter((p) => p.serialised).map((p) => p.id);
  const countedProducts = products.filter((p) => !p.serialised).map((p) => p.id);
  const levels = new Map<string, number>();
  const level = (productId: string, locationId: string) =>
    levels.get(`${productId}/${locationId}`) ?? 0;
  const apply = (m: Movement) => {
    if (m.from) levels.set(`${m.productId}/${m.from}`, level(m.productId, m.from) - m.quantity);
    if (m.to) levels.set(`${m.productId}/${m.to}`, level(m.productId, m.to) + m.quantity);
    return m;
  };
  const serials: SerialState[] = [];
  const serialMove = (s: SerialState, to: string | null): Movement => {
    const from = s.locationId;
    s.locationId = to;
    return {
      kind: from === null ? 'receive' : to === null ? 'install' : 'transfer',
      productId: s.productId,
      quantity: 1,
      from,
      to,
      serialId: s.id,
    };
  };
  const newSerial = (serial: string, path: (string | null)[]) => {
    const s: SerialState = {
      id: randomUUID(),
      serial,
      productId: any(serialisedProducts),
      locationId: null,
      path,
      step: 0,
    };
    serials.push(s);
    return s;
  };
  const hot = newSerial(hotSerial, []);
  let current: SerialState | null = null;
  const nextSerialMovement = (): Movement => {
    if (!current || current.step >= current.path.length) {
      const length = 1 + Math.floor(pick() * 4);
      current = newSerial(
        `BENCH-SN-${String(serials.length).padStart(7, '0')}`,
        [any(warehouses).id, any(depots).id, any(vans).id, null].slice(0, length),
      );
    }
    return serialMove(current, current.path[current.step++]!);
  };
  const nextCountedMovement = (): Movement => {
    const productId = any(countedProducts);
    const roll = pick();
    const [from, to, quantity] =
      roll < 0.2
        ? [null, any(warehouses).id, 50 + Math.floor(pick() * 450)]
        : roll < 0.55
          ? [any(warehouses).id, any(depots).id, 1 + Math.floor(pick() * 20)]
          : roll < 0.85
            ? [any(depots).id, any(vans).id, 1 + Math.floor(pick() * 5)]
            : [any(vans).id, null, 1 + Math.floor(pick() * 2)];
    // Not enough there: a delivery to that place instead.
    if (from && level(productId, from) < quantity) {
      return { kind: 'receive', productId, quantity: 50, from: null, to: from, serialId: null };
    }
    const kind = from === null ? 'receive' : to === null ? 'install' : 'transfer';
    return { kind, productId, quantity, from, to, serialId: null };
  };
  const nextHotMovement = (): Movement => {
    if (hot.locationId === null) return serialMove(hot, warehouses[0]!.id);
    let to = any([...warehouses.slice(0, 2), ...depots.slice(0, 3), ...vans.slice(0, 5)]).id;
    if (to === hot.locationId) to = vans[9]!.id;
    return serialMove(hot, to);
  };

  const span = 365 * 86_400_000;
  const start = Date.now() - span;
  for (let first = 0; first < movementCount; first += batch) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let i = first; i < Math.min(movementCount, first + batch); i += 1) {
      const m = apply(
        i % hotEvery === hotEvery - 1
          ? nextHotMovement()
          : i % 10 < 3
            ? nextSerialMovement()
            : nextCountedMovement(),
      );
      const p = values.length;
      tuples.push(
        `(gen_random_uuid(), $${p + 1}, $${p + 2}::uuid, $${p + 3}::int, $${p + 4}::uuid, $${p + 5}::uuid, $${p + 6}::uuid, 'Bench Office', $${p + 7}::timestamptz)`,
      );
      values.push(
        m.kind,
        m.productId,
        m.quantity,
        m.from,
        m.to,
        m.serialId,
        new Date(start + Math.floor((i / movementCount) * span)).toISOString(),
      );
    }
    await handle.query(
      `insert into stock_movements (batch_id, kind, product_id, quantity, from_location_id,
         to_location_id, serial_id, actor_name, created_at) values ${tuples.join(', ')}`,
      values,
    );
  }
  await insertRows(
    handle,
    `insert into stock_serials (id, serial, product_id, status, location_id)`,
    ['::uuid', '', '::uuid', '', '::uuid'],
    serials.map((s) => [
      s.id,
      s.serial,
      s.productId,
      s.locationId ? 'in_stock' : 'installed',
      s.locationId,
    ]),
  );
  await insertRows(
    handle,
    `insert into stock_levels (product_id, location_id, quantity)`,
    ['::uuid', '::uuid', '::int'],
    [...levels].map(([key, quantity]) => [...key.split('/'), quantity]),
  );
  await handle.exec(
    'analyze stock_products, stock_locations, stock_low_levels, stock_movements, stock_serials, stock_levels',
  );
  return { serials: serials.length, levels: levels.size };
}

/** Every level against the ledger's sums (as ledgerSums counts them): the count that differ. */
async function levelsOffLedger(handle: DatabaseHandle) {
  const { rows } = await handle.query(`
    with moves as (
      select product_id, to_location_id as location_id, quantity from stock_movements
       where to_location_id is not null and to_location_id is distinct from from_location_id
      union all
      select product_id, from_location_id, -quantity from stock_movements
       where from_location_id is not null and to_location_id is distinct from from_location_id),
    sums as (select product_id, location_id, sum(quantity)::int as total from moves
              group by product_id, location_id)
    select count(*)::int as off from sums full join stock_levels l using (product_id, location_id)
     where coalesce(sums.total, 0) <> coalesce(l.quantity, 0)`);
  return Number(rows[0]!.off);
}

// The SQL the endpoints run, as the repository builds it.
// The serial's row as findSerialRow reads it (with its location for the label).
const serialSql = `select "stock_serials"."id", "stock_serials"."serial", "stock_serials"."product_id",
    "stock_serials"."status", "stock_serials"."location_id", "stock_serials"."order_id",
    "stock_serials"."updated_at", "stock_products"."sku", "stock_locations"."kind", "stock_locations"."name"
  from "stock_serials" inner join "stock_products" on "stock_products"."id" = "stock_serials"."product_id"
  left join "stock_locations" on "stock_locations"."id" = "stock_serials"."location_id"
  where "stock_serials"."serial" = $1`;
// Its steps as serialStepRows reads them, then the locations they name (findLocationRows).
const serialStepsSql = `select "id", "batch_id", "kind", "from_location_id", "to_location_id",
    "order_id", "visit_id", "supplier", "delivery_note", "reason", "actor_name", "created_at"
  from "stock_movements" where "stock_movements"."serial_id" = $1 order by "stock_movements"."seq" asc`;
const locationLabelsSql = `select "id", "kind", "name", "contractor_id", "engineer_id", "active", "created_at"
  from "stock_locations" where "stock_locations"."id" = any($1::uuid[])`;

type Scenario = { name: string; url: string; sql: () => Promise<unknown> };

/** Seeds the stock ledger on this database and times the scenarios against the app at `base`. */
export async function benchStock(
  handle: DatabaseHandle,
  base: string,
  session: { headers: Record<string, string>; id: string },
) {
  const engine = handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\nSeeding ${movementCount.toLocaleString('en-GB')} stock movements…`);
  const seedStart = performance.now();
  const seeded = await seedStock(handle);
  const off = await levelsOffLedger(handle);
  console.log(
    `Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${seeded.levels.toLocaleString('en-GB')} levels, ${seeded.serials.toLocaleString('en-GB')} serials; levels off the ledger: ${off}`,
  );
  if (off > 0) throw new Error(`${off} levels differ from the ledger's sums`);

  const q = (text: string, values?: unknown[]) => handle.query(text, values);
  const serialId = String((await q(serialSql, [hotSerial])).rows[0]!.id);
  // The SQL the endpoints run, as the repository builds it: levelRows with no filter and the
  // default page (50, plus one to know there is a next page; the endpoint runs it as the
  // statement findLevelRows prepares for that shape), and a serial's history.
  const levels = levelRows(handle.db, { limit: 51 }).toSQL();
  const historyLocations = (
    await q(
      `select array_agg(distinct id)::text[] as ids from (select from_location_id as id from stock_movements where serial_id = $1
        union select to_location_id from stock_movements where serial_id = $1) ends where id is not null`,
      [serialId],
    )
  ).rows[0]!.ids as string[];
  const guard = guardQuery(handle);
  if (process.env.BENCH_STOCK_EXPLAIN) {
    for (const { sql: text, params } of [
      levels,
      { sql: serialStepsSql, params: [serialId] },
      { sql: locationLabelsSql, params: [historyLocations] },
    ]) {
      const plan = await q(`explain analyze ${text}`, params);
      console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
    }
  }
  const scenarios: Scenario[] = [
    {
      name: 'stock levels',
      url: '/api/stock/levels',
      // listLevels for back office: the page, its location labels joined.
      sql: () => q(levels.sql, levels.params),
    },
    {
      name: 'serial history',
      url: `/api/stock/serials/${hotSerial}/history`,
      // serialHistory: the serial, its movements, then the labels of the locations they name
      // (no order on them, so no order numbers nor swap lookups).
      sql: async () => {
        await q(serialSql, [hotSerial]);
        await q(serialStepsSql, [serialId]);
        await q(locationLabelsSql, [historyLocations]);
      },
    },
  ];

  const results = [];
  for (const scenario of scenarios) {
    const probe = await fetch(base + scenario.url, { headers: session.headers });
    if (probe.status !== 200) {
      throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
    }
    const body = (await probe.json()) as { items?: unknown[]; history?: unknown[] };
    const pair = await timePair(
      () => fetchBody(base + scenario.url, session.headers),
      async () => {
        await guard(session.id);
        await scenario.sql();
      },
      { count: iterations },
    );
    results.push({
      endpoint: scenario.name,
      rows: (body.items ?? body.history ?? []).length,
      ...pairColumns(pair),
    });
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
    `\n${engine}, ${movementCount.toLocaleString('en-GB')} stock movements, ${iterations} requests each:`,
  );
  console.table(results);
}

/** Only this part: a fresh in-memory PGlite, the app on a free port, the stock bench. */
async function main() {
  const handle = await openDatabase({ dataDir: null });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-stock-'));
  try {
    await migrate(handle);
    const { app, base, session } = await startBenchApp(handle, dataDir);
    await benchStock(handle, base, session);
    await closeBenchApp(app);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportTargets('bench:stock');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
