// Issue 14: order creation through the partner API with 100 partners sending at once, against
// inserting the same order (customer, order, its created event) with SQL directly, also 100 at
// once. Reports p50 and p95 of each and their ratios.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../src/server/db/client';
import { generateApiKey } from '../src/server/modules/partner-api/api-key-format';
import { percentile } from './timing';

const partnerCount = 100;
const rounds = Number(process.env.BENCH_API_ROUNDS ?? 5);

const customer = (tag: string) => ({
  firstName: 'Bench',
  lastName: `Customer ${tag}`,
  email: `bench-${tag}@example.com`,
  phone: '07700 900123',
  address: { line1: '1 Fore Street', town: 'Truro', postcode: 'TR1 2AA' },
});

// The same rows the API writes, in one statement so it is atomic without a transaction.
const insertSql = `
  with c as (
    insert into customers (reference, first_name, last_name, email, phone, address_line1, town,
                           postcode, search_text)
    values ('CUS-' || lpad(nextval('customer_reference_seq')::text, 6, '0'), 'Bench', $1,
            $2, '+447700900123', '1 Fore Street', 'Truro', 'TR1 2AA', lower($1))
    returning id),
  o as (
    insert into orders (order_number, partner_id, partner_reference, customer_id, job_type_id,
                        price_pence, payout_pence, status, kit_status, sla_target_days,
                        sla_at_risk_at, sla_due_at, received_at, search_text)
    select 'UPL-' || extract(year from now())::int || '-' || lpad(nextval('order_number_seq')::text, 6, '0'),
           $3, $4, c.id, $5, 19900, 12000, 'received', 'awaiting_dispatch', 14,
           now() + interval '10.5 days', now() + interval '14 days', now(), lower($4)
      from c
    returning id, order_number)
  insert into order_events (order_id, type, actor_role, actor_name, to_status, to_kit_status, data)
  select o.id, 'created', 'partner', 'Bench', 'received', 'awaiting_dispatch',
         jsonb_build_object('orderNumber', o.order_number)
    from o`;

export async function benchPartnerApiCreate(handle: DatabaseHandle, base: string) {
  const jobType = (
    await handle.query(`select id, code from job_types where active order by code limit 1`)
  ).rows[0] as { id: string; code: string };
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
  const partners: { id: string; key: string }[] = [];
  for (let i = 0; i < partnerCount; i += 1) {
    const row = (
      await handle.query(`insert into partners (name, code) values ($1, $2) returning id`, [
        `Bench partner ${i}`,
        `BENCH${i}`,
      ])
    ).rows[0] as { id: string };
    const key = generateApiKey();
    await handle.query(
      `insert into partner_api_keys (partner_id, name, prefix, hash, scopes)
         values ($1, 'bench', $2, $3, '{read,write}')`,
      [row.id, key.prefix, key.hash],
    );
    partners.push({ id: row.id, key: key.key });
  }

  const httpSamples: number[] = [];
  const sqlSamples: number[] = [];
  const timed = async (work: () => Promise<void>, into: number[]) => {
    const start = performance.now();
    await work();
    into.push(performance.now() - start);
  };
  for (let round = 0; round < rounds; round += 1) {
    // Rounds alternate, so a busy machine slows both alike.
    await Promise.all(
      partners.map((partner) =>
        timed(async () => {
          const res = await fetch(`${base}/api/v1/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${partner.key}`,
              'idempotency-key': randomUUID(),
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              partnerReference: `API-${round}-${randomUUID().slice(0, 8)}`,
              jobType: jobType.code,
              customer: customer(`${round}-${partner.id.slice(0, 6)}`),
            }),
          });
          if (res.status !== 201) throw new Error(`create: HTTP ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }, httpSamples),
      ),
    );
    await Promise.all(
      partners.map((partner) =>
        timed(async () => {
          const tag = `${round}-${partner.id.slice(0, 6)}`;
          await handle.query(insertSql, [
            `Customer ${tag}`,
            `bench-sql-${tag}@example.com`,
            partner.id,
            `SQL-${round}-${randomUUID().slice(0, 8)}`,
            jobType.id,
          ]);
        }, sqlSamples),
      ),
    );
  }
  const http = { p50: percentile(httpSamples, 50), p95: percentile(httpSamples, 95) };
  const direct = { p50: percentile(sqlSamples, 50), p95: percentile(sqlSamples, 95) };
  return {
    endpoint: `POST /api/v1/orders (${partnerCount} partners at once)`,
    matches: httpSamples.length,
    'http p50 ms': http.p50.toFixed(2),
    'http p95 ms': http.p95.toFixed(2),
    'sql p50 ms': direct.p50.toFixed(2),
    'sql p95 ms': direct.p95.toFixed(2),
    'ratio p50': (http.p50 / direct.p50).toFixed(2),
    'ratio p95': (http.p95 / direct.p95).toFixed(2),
  };
}
