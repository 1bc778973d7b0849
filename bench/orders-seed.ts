import pg from 'pg';
import type { DatabaseHandle } from '../src/server/db/client';
import { firstNames, lastNames, towns } from '../src/server/seed/orders.seed';

// Bulk seed for the benchmark: one statement per table with generate_series (the rows are made
// by the server, as a multi-row insert of every row at once), so 100,000 orders (and their
// customers, 5 events each, and visits) load in seconds on either engine and 1,000,000 (with
// 5,000,000 events) in minutes on PostgreSQL. The tables' secondary indexes (trigram, sort and
// foreign-key indexes; not the primary keys and unique constraints) are dropped first and built
// again at the end, which is several times faster than keeping them up to date row by row.
// Values come from the row number by modular arithmetic: the same data every run. `after` numbers
// the rows after those already there (the load bench seeds on top of the demo data).

const outcodes = towns.flatMap((t) => t.outcodes.map((o) => ({ outcode: o, town: t.town })));

const seededTables = ['customers', 'orders', 'visits', 'order_events'];

/** Drops the seeded tables' secondary indexes; answers their definitions, to build them again. */
async function dropSecondaryIndexes(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.query(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [seededTables],
  );
  for (const row of rows) await handle.query(`drop index "${String(row.indexname)}"`);
  return rows.map((row) => String(row.indexdef));
}

/** Builds the indexes again, two at a time (one per core of the machine it was tuned on). */
async function buildIndexes(handle: DatabaseHandle, definitions: string[]) {
  const queue = [...definitions];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      // One simple query, so the setting applies on the connection that builds the index.
      await handle.exec(`set maintenance_work_mem = '512MB'; ${next}`);
    }
  };
  await Promise.all(handle.kind === 'postgres' ? [worker(), worker()] : [worker()]);
}

export async function bulkSeedOrders(handle: DatabaseHandle, count: number, after = 0) {
  const indexes = await dropSecondaryIndexes(handle);
  const loaders = await openLoaders(handle);
  const q = loaders.query;
  const runAll = async (statements: [string, unknown[]][]) => {
    const queue = [...statements];
    await Promise.all(
      loaders.sessions.map(async (session) => {
        for (let next = queue.shift(); next; next = queue.shift()) await session(...next);
      }),
    );
  };
  // The events' report facts (decision 077) are written by their trigger as they are inserted,
  // also in the loaders' sessions with the other triggers off.
  await handle.query(`alter table order_events enable always trigger report_facts_add`);
  try {
    await load(q, runAll, count, after);
  } finally {
    await loaders.close();
    await handle.query(`alter table order_events enable trigger report_facts_add`);
  }
  await buildIndexes(handle, indexes);
  await handle.exec('analyze');
}

type Run = (text: string, values?: unknown[]) => Promise<unknown>;

/**
 * Where the rows are written. PGlite: its one connection. PostgreSQL: two sessions of their own
 * (one per core), with triggers off (`session_replication_role = replica`, when the role may set
 * it) so that 5,000,000 events do not each check their order's foreign key; the rows are
 * consistent by construction.
 */
async function openLoaders(handle: DatabaseHandle) {
  if (handle.kind !== 'postgres' || !handle.url) {
    const run: Run = (text, values) => handle.query(text, values);
    return { query: run, sessions: [run], close: async () => {} };
  }
  const clients = [new pg.Client(handle.url), new pg.Client(handle.url)];
  await Promise.all(clients.map((client) => client.connect()));
  try {
    for (const client of clients) await client.query(`set session_replication_role = replica`);
  } catch {
    // Not a superuser: the foreign keys are checked, slower but the same rows.
  }
  const sessions = clients.map(
    (client): Run =>
      (text, values) =>
        client.query(text, values),
  );
  return {
    query: sessions[0]!,
    sessions,
    close: async () => {
      await Promise.all(clients.map((client) => client.end()));
    },
  };
}

async function load(
  q: Run,
  runAll: (statements: [string, unknown[]][]) => Promise<void>,
  count: number,
  after: number,
) {
  await q(`insert into partners (name, code, sla_target_days) values
    ('SBPM', 'SBPM', 10), ('SkyReach Broadband', 'SKYREACH', null),
    ('Westcountry Connect', 'WCC', 21), ('Direct customers', 'DIRECT', null)
    on conflict (code) do nothing`);
  await q(`insert into job_types (code, name, default_price_pence, default_payout_pence) values
    ('STD_INSTALL', 'Standard installation', 19900, 12000),
    ('POLE_INSTALL', 'Pole or ground mount', 29900, 18000),
    ('BUSINESS', 'Business installation', 39900, 24000),
    ('SURVEY', 'Site survey', 7900, 4500), ('REPAIR', 'Repair visit', 9900, 6000)
    on conflict (code) do nothing`);
  await q(`insert into contractors (name, contact_email, coverage_areas) values
    ('Tamar Satellite Services Ltd', 'office@tamar.example.com', '{PL,EX,TQ}'),
    ('Kernow Dish Installers', 'jobs@kernow.example.com', '{TR,PL31}'),
    ('Exe Valley Aerials', 'bookings@exevalley.example.com', '{EX,TA}'),
    ('Moorland Mounts', 'hello@moorland.example.com', '{TQ}')`);
  await q(`insert into users (email, role, first_name, last_name, status, contractor_id)
    select 'bench-engineer-' || g || '@example.com', 'engineer', 'Engineer', 'No ' || g, 'active',
           (select id from contractors order by name offset (g % 4) limit 1)
      from generate_series(1, 12) g
    on conflict (email) do nothing`);

  await q(
    `insert into customers (reference, first_name, last_name, email, phone, address_line1, town,
       postcode, validation_status, search_text, created_at, updated_at)
     select ref, fn, ln, em, ph, (1 + g % 120) || ' Fore Street', town, pc,
            case when g % 11 < 2 then 'unvalidated' else 'validated' end,
            lower(concat_ws(' | ', ref, fn || ' ' || ln, pc, replace(pc, ' ', ''), em, ph,
                            '0' || substr(ph, 4))),
            now(), now()
       from (select g,
                    'CUS-' || lpad(g::text, greatest(6, length(g::text)), '0') as ref,
                    ($1::text[])[1 + (g * 7) % array_length($1::text[], 1)] as fn,
                    ($2::text[])[1 + (g * 13 + g / 97) % array_length($2::text[], 1)] as ln,
                    case when g % 10 = 0 then null
                         else 'customer' || g || '@example.com' end as em,
                    '+447' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0') as ph,
                    ($3::text[])[1 + (g * 31) % array_length($3::text[], 1)] as oc,
                    ($4::text[])[1 + (g * 31) % array_length($4::text[], 1)] as town,
                    ($3::text[])[1 + (g * 31) % array_length($3::text[], 1)] || ' ' ||
                      (1 + g % 9)::text ||
                      substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (g / 9) % 20, 1) ||
                      substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (g / 180) % 20, 1) as pc
               from generate_series($6::int + 1, $6::int + $5::int) g) s`,
    [
      firstNames,
      lastNames,
      outcodes.map((o) => o.outcode),
      outcodes.map((o) => o.town),
      count,
      after,
    ],
  );

  // Statuses cycle through the lifecycle; contractor from `assigned` on; kit per status.
  await q(
    `insert into orders (order_number, partner_id, partner_reference, customer_id, job_type_id,
       price_pence, payout_pence, status, kit_status, contractor_id, contractor_offered_at,
       contractor_accepted_at, sla_target_days, sla_at_risk_at, sla_due_at, sla_stopped_at,
       received_at, completed_at, cancelled_at, hold_from_status, version, search_text,
       created_at, updated_at)
     select num, p.id, case when p.code = 'DIRECT' then null else p.code || '-' || g end,
            c.id, jt.id, jt.default_price_pence, jt.default_payout_pence, st,
            case when st in ('received', 'customer_submitted') then 'awaiting_dispatch'
                 when st = 'validated' then (array['awaiting_dispatch', 'dispatched', 'arrived'])[1 + g % 3]
                 when g % 10 = 0 then 'customer_supplied' else 'arrived' end,
            case when st in ('assigned', 'scheduled', 'in_progress', 'revisit_required', 'completed', 'closed')
                 then ct.id end,
            case when st in ('assigned', 'scheduled', 'in_progress', 'revisit_required', 'completed', 'closed')
                 then rcv + interval '2 days' end,
            case when st in ('assigned', 'scheduled', 'in_progress', 'revisit_required', 'completed', 'closed')
                 then rcv + interval '3 days' end,
            coalesce(p.sla_target_days, 14),
            rcv + make_interval(secs => coalesce(p.sla_target_days, 14) * 86400 * 0.75),
            rcv + make_interval(days => coalesce(p.sla_target_days, 14)),
            case when st in ('completed', 'closed', 'cancelled') then rcv + interval '9 days' end,
            rcv,
            case when st in ('completed', 'closed') then rcv + interval '9 days' end,
            case when st = 'cancelled' then rcv + interval '9 days' end,
            case when st = 'on_hold' then 'validated' end,
            5,
            lower(concat_ws(' | ', num, case when p.code = 'DIRECT' then null else p.code || '-' || g end,
                            c.first_name || ' ' || c.last_name, c.postcode, replace(c.postcode, ' ', ''),
                            c.email, c.phone, '0' || substr(c.phone, 4))),
            rcv, rcv + interval '9 days'
       from (select g,
                    'UPL-' || extract(year from now())::int || '-' || lpad(g::text, greatest(6, length(g::text)), '0') as num,
                    (array['received', 'customer_submitted', 'validated', 'assigned', 'scheduled',
                           'in_progress', 'revisit_required', 'completed', 'closed', 'on_hold',
                           'cancelled'])[1 + (g * 17) % 11] as st,
                    now() - make_interval(mins => ((g::bigint * 7919) % (120 * 1440))::int) as rcv
               from generate_series($2::int + 1, $2::int + $1::int) g) s
       join customers c on c.reference = 'CUS-' || lpad(g::text, greatest(6, length(g::text)), '0')
       join (select id, code, sla_target_days, row_number() over (order by code) - 1 as i from partners) p
         on p.i = g % 4
       join (select id, default_price_pence, default_payout_pence, row_number() over (order by code) - 1 as i
               from job_types) jt on jt.i = (g / 3) % 5
       join (select id, row_number() over (order by name) - 1 as i from contractors where name <> 'Moorland Mounts') ct
         on ct.i = g % 3`,
    [count, after],
  );

  // Only this seed's orders get visits and events: their customers' references come after
  // `after` (a whole number, so safe in the text).
  const ours =
    after > 0
      ? `join customers oc on oc.id = o.customer_id and oc.reference > 'CUS-${String(Math.trunc(after)).padStart(6, '0')}'`
      : '';

  // Visits, and the events one lifecycle step at a time: on PostgreSQL two at once.
  const later: [string, unknown[]][] = [
    [
      `insert into visits (order_id, contractor_id, engineer_id, scheduled_date, slot, status,
             outcome, created_at, updated_at)
           select o.id, o.contractor_id, e.id, (o.received_at + interval '5 days')::date,
                  (array['am', 'pm', 'all_day'])[1 + abs(hashtext(o.order_number)) % 3],
                  case o.status when 'scheduled' then 'scheduled' when 'in_progress' then 'in_progress'
                       when 'revisit_required' then 'failed' else 'completed' end,
                  case o.status when 'revisit_required' then 'failed'
                       when 'completed' then 'completed' when 'closed' then 'completed' end,
                  o.received_at + interval '4 days', o.received_at + interval '4 days'
             from orders o
             ${ours}
             join lateral (select id from users u where u.contractor_id = o.contractor_id
                            and u.role = 'engineer' order by u.email limit 1) e on true
            where o.status in ('scheduled', 'in_progress', 'revisit_required', 'completed', 'closed')`,
      [],
    ],
    ...[1, 2, 3, 4, 5].map((k): [string, unknown[]] => [
      `insert into order_events (order_id, type, actor_role, actor_name, from_status, to_status,
       from_kit_status, to_kit_status, data, created_at)
     select o.id, (array['created', 'submit_customer_form', 'validate', 'dispatch_kit', 'confirm_kit_arrived'])[k],
            case k when 2 then 'customer' else 'back_office' end,
            case k when 2 then 'Customer' else 'Back office' end,
            (array[null, 'received', 'customer_submitted', 'validated', 'validated'])[k],
            (array['received', 'customer_submitted', 'validated', 'validated', 'validated'])[k],
            (array[null, 'awaiting_dispatch', 'awaiting_dispatch', 'awaiting_dispatch', 'dispatched'])[k],
            (array['awaiting_dispatch', 'awaiting_dispatch', 'awaiting_dispatch', 'dispatched', 'arrived'])[k],
            '{}'::jsonb, o.received_at + make_interval(hours => k * 7)
       from orders o ${ours}
            cross join generate_series($1::int, $1::int) k`,
      [k],
    ]),
  ];
  await runAll(later);
  await q(
    `select setval('order_number_seq', $1::bigint), setval('customer_reference_seq', $1::bigint)`,
    [after + count],
  );
}
