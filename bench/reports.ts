// Issue 22: the contractor and partner reports at 1,000,000 order events. Adds the lifecycle
// events of the orders `bulkSeedOrders` made (offers, acceptances, completions, failures,
// cancellations), tops the table up to a million with declined offers, then times each report
// through HTTP against the same statement run directly through the driver. Target: p50 under
// one second. The events' facts (report_facts, decision 077) are written by the trigger as the
// events are inserted, and the reports read those. BENCH_EVENTS and BENCH_REPORT_ITERATIONS
// change the defaults.
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '../src/server/db/client';
import {
  contractorReportFacts,
  partnerReportFacts,
  reportOwners,
} from '../src/server/modules/orders/projections/reports.projection';
import { resolvePeriod } from '../src/shared/reports/reports.contracts';
import { guardQuery } from './bench-app';
import { fetchBody, pairColumns, timePair } from './timing';
import { targetUnder } from './targets';
import { londonDateOf } from '../src/shared/london-date';

const eventTarget = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const iterations = Number(process.env.BENCH_REPORT_ITERATIONS ?? 20);
const warmup = 3;

async function seedLifecycleEvents(handle: DatabaseHandle) {
  const q = (text: string) => handle.query(text);
  const columns = `(order_id, type, actor_role, actor_name, from_status, to_status, reason, data, created_at)`;
  await q(`insert into order_events ${columns}
    select o.id, k.type, 'back_office', 'Bench', 'validated', k.to_status, null,
           jsonb_build_object('contractorId', o.contractor_id, 'payoutPence', o.payout_pence),
           o.received_at + k.after
      from orders o
      cross join (values ('assign', 'validated', interval '2 days'),
                         ('accept', 'assigned', interval '3 days'),
                         ('schedule', 'scheduled', interval '4 days')) k(type, to_status, after)
     where o.contractor_id is not null`);
  await q(`insert into order_events ${columns}
    select v.order_id, case v.outcome when 'completed' then 'complete' else 'fail' end,
           'engineer', 'Bench', 'in_progress',
           case v.outcome when 'completed' then 'completed' else 'revisit_required' end, null,
           case v.outcome when 'completed' then jsonb_build_object('visitId', v.id)
                else jsonb_build_object('visitId', v.id, 'failureReason',
                  (array['customer_absent', 'no_access', 'unsafe', 'kit_faulty'])[1 + abs(hashtext(v.id::text)) % 4])
           end,
           coalesce(o.completed_at, o.received_at + interval '6 days')
      from visits v join orders o on o.id = v.order_id
     where v.outcome in ('completed', 'failed')`);
  await q(`update visits set serials = '{"dish": "DSH-1", "router": "RTR-1"}'::jsonb
            where outcome = 'completed'`);
  await q(`insert into order_events ${columns}
    select o.id, 'cancel', 'back_office', 'Bench', 'validated', 'cancelled', 'Customer moved',
           '{}'::jsonb, o.cancelled_at
      from orders o where o.status = 'cancelled'`);
  const { rows } = await handle.query(`select count(*)::int as n from order_events`);
  const missing = eventTarget - Number(rows[0]!.n);
  if (missing > 0) {
    // Declined offers, spread over the orders' four months, to reach the target.
    await handle.query(
      `with pool as (select array_agg(id order by order_number) as ids, count(*)::int as n from orders),
            ct as (select array_agg(id order by name) as ids from contractors)
       insert into order_events ${columns}
       select pool.ids[(1 + (g * 7919) % pool.n)::int], 'decline', 'contractor', 'Bench', 'assigned',
              'validated', (array['Too far', 'No capacity', 'Kit not arrived'])[(1 + g % 3)::int],
              jsonb_build_object('contractorId', ct.ids[(1 + g % 4)::int]),
              now() - make_interval(mins => ((g * 104729) % (120 * 1440))::int)
         from pool, ct, generate_series(1::bigint, $1::bigint) g`,
      [missing],
    );
  }
  await handle.exec('analyze');
}

export async function benchReports(
  handle: DatabaseHandle,
  base: string,
  headers: Record<string, string>,
  sessionId: string,
) {
  const start = performance.now();
  await seedLifecycleEvents(handle);
  const { rows } = await handle.query(
    `select (select count(*) from order_events)::int as n, (select count(*) from report_facts)::int as facts`,
  );
  console.log(
    `\nReports: ${Number(rows[0]!.n).toLocaleString('en-GB')} order events, ${Number(rows[0]!.facts).toLocaleString('en-GB')} report facts (seeded in ${((performance.now() - start) / 1000).toFixed(1)} s)`,
  );
  const guard = guardQuery(handle);
  const today = londonDateOf(new Date());
  const scenarios = (['last_month', 'quarter'] as const).flatMap((period) => {
    const window = resolvePeriod({ period }, today);
    return [
      {
        name: `contractor report: ${period}`,
        url: `/api/reports/contractors?period=${period}`,
        sql: async () => {
          await reportOwners(handle.db, 'contractors');
          await contractorReportFacts(handle.db, window, null);
        },
      },
      {
        name: `partner report: ${period}`,
        url: `/api/reports/partners?period=${period}`,
        sql: async () => {
          await reportOwners(handle.db, 'partners');
          await partnerReportFacts(handle.db, window, null);
        },
      },
      {
        name: `partner CSV: ${period}`,
        url: `/api/reports/partners/export.csv?period=${period}`,
        sql: async () => {
          await reportOwners(handle.db, 'partners');
          await partnerReportFacts(handle.db, window, null);
        },
      },
    ];
  });

  const results = [];
  for (const scenario of scenarios) {
    const probe = await fetch(base + scenario.url, { headers });
    if (probe.status !== 200)
      throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);
    const pair = await timePair(
      () => fetchBody(base + scenario.url, headers),
      async () => {
        await guard(sessionId);
        await scenario.sql();
      },
      { count: iterations, warmup },
    );
    results.push({ endpoint: scenario.name, ...pairColumns(pair) });
    targetUnder(`${scenario.name} under 1 s`, pair.http.p50, 1000);
  }
  console.log(
    `Reports at ${Number(rows[0]!.n).toLocaleString('en-GB')} events, ${iterations} requests each:`,
  );
  console.table(results);
}
