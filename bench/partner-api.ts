// Issue 23: partner order intake. 100 partners each send their share of BENCH_INTAKE_ORDERS
// orders through `POST /api/v1/orders`, one after another, all 100 at once, as fast as the
// server answers. Reports the throughput (orders acknowledged a second, over the wall time),
// the latency of each request (p50, p95), and checks that every acknowledged order is in the
// database exactly once (and nothing else is), also after each partner resends its first order
// with the same Idempotency-Key, as a client does when an answer is lost. For scale, the same
// rows inserted with one SQL statement each, 100 at once, give the database's own rate.
// Targets: at least 150 orders a second on PostgreSQL, 75 on the embedded database; p95 under
// one second; every order exactly once.
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../src/server/db/client';
import { generateApiKey } from '../src/server/modules/partner-api/api-key-format';
import { idempotentReplayedHeader } from '../src/shared/idempotency';
import { target, targetUnder } from './targets';
import { percentile } from './timing';

const partnerCount = 100;
const orderCount = Number(process.env.BENCH_INTAKE_ORDERS ?? 3_000);
const perPartner = Math.max(1, Math.ceil(orderCount / partnerCount));
const minimumRate = { postgres: 150, pglite: 75 };
const latencyLimitMs = 1_000;

// The same rows the API writes, in one statement so it is atomic without a transaction.
const insertSql = `
  with n as (select nextval('customer_reference_seq')::text as customer,
                    nextval('order_number_seq')::text as number),
  c as (
    insert into customers (reference, first_name, last_name, email, phone, address_line1, town,
                           postcode, search_text)
    select 'CUS-' || lpad(n.customer, greatest(6, length(n.customer)), '0'), 'Bench', $1,
           $2, '+447700900123', '1 Fore Street', 'Truro', 'TR1 2AA', lower($1)
      from n
    returning id),
  o as (
    insert into orders (order_number, partner_id, partner_reference, customer_id, job_type_id,
                        price_pence, payout_pence, status, kit_status, sla_target_days,
                        sla_at_risk_at, sla_due_at, received_at, search_text)
    select 'UPL-' || extract(year from now())::int || '-' || lpad(n.number, greatest(6, length(n.number)), '0'),
           $3, $4, c.id, $5, 19900, 12000, 'received', 'awaiting_dispatch', 14,
           now() + interval '10.5 days', now() + interval '14 days', now(), lower($4)
      from c, n
    returning id, order_number)
  insert into order_events (order_id, type, actor_role, actor_name, to_status, to_kit_status, data)
  select o.id, 'created', 'partner', 'Bench', 'received', 'awaiting_dispatch',
         jsonb_build_object('orderNumber', o.order_number)
    from o`;

type Partner = { id: string; key: string };
type Sent = { partnerId: string; reference: string; idempotencyKey: string; body: string };
type Acknowledged = Sent & { orderNumber: string };

async function post(base: string, partner: Partner, sent: Sent) {
  const res = await fetch(`${base}/api/v1/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${partner.key}`,
      'idempotency-key': sent.idempotencyKey,
      'content-type': 'application/json',
    },
    body: sent.body,
  });
  const text = await res.text();
  if (res.status !== 201) return { ok: false as const, status: res.status, text };
  const orderNumber = (JSON.parse(text) as { orderNumber: string }).orderNumber;
  return { ok: true as const, orderNumber, replayed: res.headers.get(idempotentReplayedHeader) };
}

// The partners' side runs in a worker thread (plain JavaScript, the same requests as `post`),
// so that sending and reading the requests does not take the app's event loop: the app's
// thread does only the server's work, as it would with partners elsewhere.
const clientSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { base, partners, perPartner, jobType } = workerData;
const acknowledged = [];
const failures = [];
const latencies = [];
const body = (reference, tag) => JSON.stringify({
  partnerReference: reference,
  jobType,
  customer: {
    firstName: 'Bench', lastName: 'Customer ' + tag, email: 'bench-' + tag + '@example.com',
    phone: '07700 900123', address: { line1: '1 Fore Street', town: 'Truro', postcode: 'TR1 2AA' },
  },
});
async function send(partner, label, timed) {
  const reference = 'API-' + label + '-' + randomUUID().slice(0, 8);
  const sent = { partnerId: partner.id, reference, idempotencyKey: randomUUID(),
                 body: body(reference, label + '-' + partner.id.slice(0, 6)) };
  const start = performance.now();
  try {
    const res = await fetch(base + '/api/v1/orders', { method: 'POST', body: sent.body, headers: {
      authorization: 'Bearer ' + partner.key, 'idempotency-key': sent.idempotencyKey,
      'content-type': 'application/json' } });
    const text = await res.text();
    if (timed) latencies.push(performance.now() - start);
    if (res.status === 201) acknowledged.push({ ...sent, orderNumber: JSON.parse(text).orderNumber });
    else failures.push('HTTP ' + res.status + ' ' + text.slice(0, 200));
  } catch (error) {
    failures.push(String(error));
  }
}
(async () => {
  await Promise.all(partners.map((partner) => send(partner, 'warm', false)));
  parentPort.postMessage({ warm: true });
  await new Promise((resolve) => parentPort.once('message', resolve));
  const start = performance.now();
  await Promise.all(partners.map(async (partner) => {
    for (let i = 0; i < perPartner; i += 1) await send(partner, String(i), true);
  }));
  const seconds = (performance.now() - start) / 1000;
  parentPort.postMessage({ acknowledged, failures, latencies, seconds });
})();
`;

type ClientResult = {
  acknowledged: Acknowledged[];
  failures: string[];
  latencies: number[];
  seconds: number;
};

/**
 * CPU milliseconds this process's main thread (the app's) has used: Linux's per-thread account,
 * steadier than wall time on a shared machine; null elsewhere.
 */
function appThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Runs the partners' sends; answers what they saw and the app thread's CPU time meanwhile. */
function runPartners(base: string, partners: Partner[], jobType: string) {
  return new Promise<ClientResult & { appCpuMs: number }>((resolve, reject) => {
    const worker = new Worker(clientSource, {
      eval: true,
      workerData: { base, partners, perPartner, jobType },
    });
    let before = appThreadCpuMs();
    worker.on('message', (message: { warm?: true } & ClientResult) => {
      if (message.warm) {
        before = appThreadCpuMs();
        worker.postMessage('go');
        return;
      }
      const after = appThreadCpuMs();
      void worker.terminate();
      resolve({ ...message, appCpuMs: after === null || before === null ? NaN : after - before });
    });
    worker.on('error', reject);
  });
}

async function setUpPartners(handle: DatabaseHandle): Promise<Partner[]> {
  // No key should wait on the rate limit here: the bench measures the work, not the limit.
  await handle.query(
    `insert into settings (key, value) values ('partner_api', $1::jsonb)
       on conflict (key) do update set value = excluded.value`,
    [
      JSON.stringify({
        rateLimitPerMinute: 100_000,
        logRetentionDays: 30,
        defaultAllowedCidrs: [],
      }),
    ],
  );
  const run = randomUUID().slice(0, 6).toUpperCase();
  const { rows } = await handle.query(
    `insert into partners (name, code)
     select 'Bench partner ' || $1 || '-' || g, 'BENCH' || $1 || g from generate_series(1, $2::int) g
     returning id`,
    [run, partnerCount],
  );
  const partners = rows.map((row) => ({ id: String(row.id), ...generateApiKey() }));
  await handle.query(
    `insert into partner_api_keys (partner_id, name, prefix, hash, scopes)
     select unnest($1::uuid[]), 'bench', unnest($2::text[]), unnest($3::text[]), '{read,write}'`,
    [partners.map((p) => p.id), partners.map((p) => p.prefix), partners.map((p) => p.hash)],
  );
  return partners.map(({ id, key }) => ({ id, key }));
}

/** The intake bench: sends the orders, checks them, records its targets; answers its row. */
export async function benchPartnerIntake(handle: DatabaseHandle, base: string) {
  const jobType = (
    await handle.query(`select id, code from job_types where active order by code limit 1`)
  ).rows[0] as { id: string; code: string } | undefined;
  if (!jobType) throw new Error('intake: no active job type (seed the orders first)');
  const partners = await setUpPartners(handle);
  const engine = handle.kind;

  const { acknowledged, failures, latencies, seconds, appCpuMs } = await runPartners(
    base,
    partners,
    jobType.code,
  );
  const sentCount = perPartner * partnerCount;
  const rate = (sentCount - failures.length) / seconds;

  // Each partner resends its first order with the same key and body: the same order answers.
  const replays = await Promise.all(
    partners.map(async (partner) => {
      const first = acknowledged.find((a) => a.partnerId === partner.id);
      if (!first) return 'no order acknowledged';
      const answer = await post(base, partner, first);
      if (!answer.ok) return `replay: HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer.orderNumber !== first.orderNumber || answer.replayed !== 'true')
        return `replay answered ${answer.orderNumber} (replayed: ${answer.replayed}), first ${first.orderNumber}`;
      return null;
    }),
  );
  const replayProblems = replays.filter((r): r is string => r !== null);

  // Every acknowledged order exactly once, with its created event once, and nothing else.
  const { rows } = await handle.query(
    `select o.partner_id, o.partner_reference, o.order_number,
            (select count(*) from order_events e where e.order_id = o.id and e.type = 'created')::int as created
       from orders o where o.partner_id = any($1::uuid[])`,
    [partners.map((p) => p.id)],
  );
  const stored = new Map<string, { orderNumber: string; created: number; copies: number }>();
  for (const row of rows) {
    const key = `${String(row.partner_id)}|${String(row.partner_reference)}`;
    const seen = stored.get(key);
    if (seen) seen.copies += 1;
    else
      stored.set(key, {
        orderNumber: String(row.order_number),
        created: Number(row.created),
        copies: 1,
      });
  }
  const missing = acknowledged.filter((a) => {
    const row = stored.get(`${a.partnerId}|${a.reference}`);
    return !row || row.copies !== 1 || row.created !== 1 || row.orderNumber !== a.orderNumber;
  });
  const extra = rows.length - acknowledged.length;

  // The database's own rate for the same rows: one statement an order, 100 at once.
  const sqlStart = performance.now();
  await Promise.all(
    partners.map(async (partner, p) => {
      for (let i = 0; i < perPartner; i += 1) {
        const tag = `${i}-${p}`;
        await handle.query(insertSql, [
          `Customer ${tag}`,
          `bench-sql-${tag}@example.com`,
          partner.id,
          `SQL-${i}-${randomUUID().slice(0, 8)}`,
          jobType.id,
        ]);
      }
    }),
  );
  const sqlRate = sentCount / ((performance.now() - sqlStart) / 1000);

  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const limit = minimumRate[engine];
  target(
    `intake at least ${limit} orders a second`,
    rate >= limit,
    `${rate.toFixed(0)} orders/s: ${sentCount.toLocaleString('en-GB')} orders from ${partnerCount} partners at once in ${seconds.toFixed(1)} s, limit ${limit}`,
  );
  targetUnder('intake p95 under 1 s', p95, latencyLimitMs);
  target(
    'intake every order exactly once',
    failures.length === 0 && missing.length === 0 && extra === 0 && replayProblems.length === 0,
    [
      `${acknowledged.length.toLocaleString('en-GB')} acknowledged, ${rows.length.toLocaleString('en-GB')} stored`,
      `${missing.length} missing or duplicated`,
      `${failures.length} failed${failures[0] ? ` (first: ${failures[0]})` : ''}`,
      `${partnerCount - replayProblems.length}/${partnerCount} resends answered the same order${replayProblems[0] ? ` (first problem: ${replayProblems[0]})` : ''}`,
    ].join(', '),
  );
  return {
    endpoint: `POST /api/v1/orders (${partnerCount} partners at once)`,
    orders: sentCount,
    seconds: seconds.toFixed(1),
    'orders/s': rate.toFixed(0),
    'http p50 ms': p50.toFixed(0),
    'http p95 ms': p95.toFixed(0),
    'app CPU ms/order': (appCpuMs / sentCount).toFixed(2),
    'sql orders/s': sqlRate.toFixed(0),
  };
}
