import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuditFilters, ChartInterval } from '@shared/audit/audit.contracts';
import { auditLog } from './audit.schema';

/** A row's place in the newest-first order: `at` to the microsecond (as text), then id. */
export type AuditKey = { at: string; id: string };

/** The first instant of a London day, and of the day after one. */
const londonStart = (day: string) => sql`((${day}::date)::timestamp at time zone 'Europe/London')`;
const londonEnd = (day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

function filterConditions(filters: AuditFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.actorId ? eq(auditLog.actorUserId, filters.actorId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
    filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
    filters.ip ? eq(auditLog.ip, filters.ip) : undefined,
    filters.from ? gte(auditLog.at, londonStart(filters.from)) : undefined,
    filters.to ? lt(auditLog.at, londonEnd(filters.to)) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => !!condition);
}

const atKey = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of the log, newest first, after a key (keyset: no offset, same cost on any page). */
export async function auditPageRows(
  db: Database,
  filters: AuditFilters,
  options: { after?: AuditKey; limit: number },
) {
  const conditions = filterConditions(filters);
  if (options.after) {
    conditions.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (${options.after.at}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atKey,
      actorUserId: auditLog.actorUserId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(options.limit);
}
export type AuditPageRow = Awaited<ReturnType<typeof auditPageRows>>[number];

/** Counts of the charted actions per London day or hour, every bucket of the range present. */
export async function auditChartRows(
  db: Database,
  query: { from: string; to: string; interval: ChartInterval; actions: readonly string[] },
) {
  const hour = query.interval === 'hour';
  const unit = hour ? 'hour' : 'day';
  const last = hour
    ? sql`(${query.to}::date + 1)::timestamp - interval '1 hour'`
    : sql`${query.to}::date::timestamp`;
  const actions = sql.join(
    query.actions.map((action) => sql`${action}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with counts as (
      select date_trunc(${unit}, at at time zone 'Europe/London') as bucket, action,
             count(*)::int as n
        from audit_log
       where action in (${actions})
         and at >= ${londonStart(query.from)} and at < ${londonEnd(query.to)}
       group by 1, 2)
    select to_char(b.bucket, 'YYYY-MM-DD"T"HH24:MI') as start, c.action, c.n
      from generate_series(${query.from}::date::timestamp, ${last}, ${hour ? '1 hour' : '1 day'}::interval)
           as b(bucket)
      left join counts c on c.bucket = b.bucket
     order by b.bucket`);
  return (
    result as unknown as { rows: { start: string; action: string | null; n: number | null }[] }
  ).rows;
}
