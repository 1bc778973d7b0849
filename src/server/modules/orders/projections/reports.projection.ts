import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

// Issue 22: the back office's contractor and partner reports (decision 068). Each report is one
// statement over `report_facts` (decision 077): one row per counted order event, worked out when
// the event was written (whose it is, its reason, its day, its lead time, its payout or serials).
// The period's facts are counted per owner, kind, reason and day, every figure is summed from
// those few thousand rows with grouping sets, and the medians come from the completions alone,
// so the database hands back a few hundred rows whatever the event count.
// The statements that read the events themselves (decision 068's) stay below as the reference
// the facts are checked against (report-facts.test.ts).

export type ReportWindow = {
  /** First and last day, inclusive, on the UK calendar. */
  start: string;
  end: string;
};

/** One aggregate row: per owner and kind; per owner, kind and reason; or per kind and day. */
export type ReportAggregate = {
  owner_id: string | null;
  kind: string;
  reason: string | null;
  day: string | null;
  /** 1 where the row is summed over reasons (or days), as SQL's grouping(). */
  by_reason: number;
  by_day: number;
  n: number;
  /** contractor: completed on the first visit; partner: installed within the SLA target. */
  hits: number;
  median_days: number | null;
  /** contractor: payouts in pence; partner: serials installed. */
  total: number;
};

// Events inside the period, London days: sargable bounds on order_events_created_idx.
const eventsIn = (window: ReportWindow, kinds: string[]) => sql`
  select e.id, e.order_id, e.type, e.reason, e.data, e.created_at,
         to_char(e.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as day
    from order_events e
   where e.created_at >= (${window.start}::date)::timestamp at time zone 'Europe/London'
     and e.created_at < (${window.end}::date + 1)::timestamp at time zone 'Europe/London'
     and e.type in (${sql.join(
       kinds.map((kind) => sql`${kind}`),
       sql`, `,
     )})`;

const aggregate = (ownerFilter: string | null) => sql`
  select owner_id, kind, reason, day,
         grouping(reason)::int as by_reason, grouping(day)::int as by_day,
         count(*)::int as n,
         count(*) filter (where hit)::int as hits,
         percentile_cont(0.5) within group (order by days) as median_days,
         coalesce(sum(amount), 0)::bigint as total
    from facts
   where owner_id is not null
     ${ownerFilter ? sql`and owner_id = ${ownerFilter}::uuid` : sql``}
   group by grouping sets ((owner_id, kind), (owner_id, kind, reason), (kind, day))`;

/** Every figure of one report over the period's facts, as the aggregate rows. */
export function reportFromFactsSql(
  report: 'contractor' | 'partner',
  window: ReportWindow,
  ownerId: string | null,
) {
  return sql`
    with f as materialized (
      select owner_id, kind, reason, day, hit, days, amount
        from report_facts
       where report = ${report}
         and day >= ${window.start}::date and day <= ${window.end}::date
         and owner_id is not null
         ${ownerId ? sql`and owner_id = ${ownerId}::uuid` : sql``}),
    daily as (
      select owner_id, kind, reason, day, count(*) as n, count(*) filter (where hit) as hits,
             sum(amount) as amount
        from f group by owner_id, kind, reason, day),
    medians as (
      select owner_id, kind, percentile_cont(0.5) within group (order by days) as median_days
        from f where kind = 'complete' group by owner_id, kind),
    figures as (
      select owner_id, kind, reason, to_char(day, 'YYYY-MM-DD') as day,
             grouping(reason)::int as by_reason, grouping(day)::int as by_day,
             sum(n)::int as n, sum(hits)::int as hits, coalesce(sum(amount), 0)::bigint as total
        from daily
       group by grouping sets ((owner_id, kind), (owner_id, kind, reason), (kind, day)))
    select figures.*, medians.median_days
      from figures
      left join medians on figures.by_reason = 1 and figures.by_day = 1
                       and medians.owner_id = figures.owner_id and medians.kind = figures.kind`;
}

async function run(db: Database, query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as unknown as { rows: ReportAggregate[] };
  return result.rows.map((row) => ({
    ...row,
    n: Number(row.n),
    hits: Number(row.hits),
    total: Number(row.total),
    median_days: row.median_days === null ? null : Number(row.median_days),
  }));
}

/**
 * Per contractor: offers (assign), acceptances, declines by reason, completions and failed
 * visits by reason, whose they are by the visit's contractor. A completion is a first-time fix
 * when no visit of the order failed before it; its lead time runs from the order's last offer
 * before it (the order's own offer time when the events hold none).
 */
export function contractorReportSql(window: ReportWindow, contractorId: string | null) {
  return sql`
    with ev as (${eventsIn(window, ['assign', 'accept', 'decline', 'complete', 'fail'])}),
    facts as (
      select coalesce(v.contractor_id, (ev.data->>'contractorId')::uuid, o.contractor_id)
               as owner_id,
             ev.type as kind,
             case ev.type when 'decline' then coalesce(nullif(trim(ev.reason), ''), 'No reason given')
                          when 'fail' then coalesce(ev.data->>'failureReason', 'other') end as reason,
             ev.day,
             ev.type = 'complete' and not exists (
               select 1 from order_events f
                where f.order_id = ev.order_id and f.type = 'fail' and f.created_at < ev.created_at
             ) as hit,
             case when ev.type = 'complete' then extract(epoch from ev.created_at - coalesce(
               (select max(a.created_at) from order_events a
                 where a.order_id = ev.order_id and a.type = 'assign'
                   and a.created_at <= ev.created_at),
               o.contractor_offered_at)) / 86400.0 end as days,
             case when ev.type = 'complete' then o.payout_pence end as amount
        from ev
        left join visits v on ev.type in ('complete', 'fail') and v.id = (ev.data->>'visitId')::uuid
        left join orders o on ev.type = 'complete' and o.id = ev.order_id
    )
    ${aggregate(contractorId)}`;
}

/** The contractor report's aggregate rows, from the facts. */
export function contractorReportFacts(
  db: Database,
  window: ReportWindow,
  contractorId: string | null,
) {
  return run(db, reportFromFactsSql('contractor', window, contractorId));
}

/** The same, read from the events themselves (the reference for the facts). */
export function contractorReportFromEvents(
  db: Database,
  window: ReportWindow,
  contractorId: string | null,
) {
  return run(db, contractorReportSql(window, contractorId));
}

/**
 * Per partner: orders in (created), installs (completed) with whether each met the order's SLA
 * due time and its days from received, failed visits by reason, cancellations, and the serials
 * recorded on each install's visit (dish, router and any others).
 */
export function partnerReportSql(window: ReportWindow, partnerId: string | null) {
  return sql`
    with ev as (${eventsIn(window, ['created', 'complete', 'fail', 'cancel'])}),
    facts as (
      select o.partner_id as owner_id,
             ev.type as kind,
             case when ev.type = 'fail' then coalesce(ev.data->>'failureReason', 'other') end
               as reason,
             ev.day,
             ev.type = 'complete' and ev.created_at <= o.sla_due_at as hit,
             case when ev.type = 'complete'
                  then extract(epoch from ev.created_at - o.received_at) / 86400.0 end as days,
             case when ev.type = 'complete' then
               coalesce((select count(*) from jsonb_each_text(
                 case when jsonb_typeof(v.serials) = 'object' then v.serials end) s
                 where s.value <> ''), 0)
               + coalesce(jsonb_array_length(
                   case when jsonb_typeof(v.other_serials) = 'array' then v.other_serials end), 0)
             end as amount
        from ev
        join orders o on o.id = ev.order_id
        left join visits v on ev.type = 'complete' and v.id = (ev.data->>'visitId')::uuid
    )
    ${aggregate(partnerId)}`;
}

/** The partner report's aggregate rows, from the facts. */
export function partnerReportFacts(db: Database, window: ReportWindow, partnerId: string | null) {
  return run(db, reportFromFactsSql('partner', window, partnerId));
}

/** The same, read from the events themselves (the reference for the facts). */
export function partnerReportFromEvents(
  db: Database,
  window: ReportWindow,
  partnerId: string | null,
) {
  return run(db, partnerReportSql(window, partnerId));
}

/** Every contractor and partner by name, for the filters and the rows without activity. */
export async function reportOwners(db: Database, kind: 'contractors' | 'partners') {
  const table = kind === 'contractors' ? sql`contractors` : sql`partners`;
  const result = (await db.execute(
    sql`select id::text as id, name from ${table} order by lower(name), id`,
  )) as unknown as { rows: { id: string; name: string }[] };
  return result.rows;
}
