import { and, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import type { AuditFilters, ChartInterval } from '@shared/audit/audit.contracts';
import { auditLog } from './audit.schema';

/** A row's place in the newest-first order: `at` to the microsecond (as text), then id. */
export type AuditKey = { at: string; id: string };

/** The first instant of a London day, and of the day after one. */
const londonStart = (day: string | Placeholder) =>
  sql`((${day}::date)::timestamp at time zone 'Europe/London')`;
const londonEnd = (day: string | Placeholder) =>
  sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

const filterNames = ['actorId', 'action', 'targetType', 'targetId', 'ip', 'from', 'to'] as const;

/** Each given filter as a condition on a placeholder of its name. */
function filterConditions(given: ReadonlySet<string>): SQL[] {
  const value = (name: string) => sql.placeholder(name);
  const conditions: (SQL | undefined)[] = [
    given.has('actorId') ? eq(auditLog.actorUserId, value('actorId')) : undefined,
    given.has('action') ? eq(auditLog.action, value('action')) : undefined,
    given.has('targetType') ? eq(auditLog.targetType, value('targetType')) : undefined,
    given.has('targetId') ? eq(auditLog.targetId, value('targetId')) : undefined,
    given.has('ip') ? eq(auditLog.ip, value('ip')) : undefined,
    given.has('from') ? gte(auditLog.at, londonStart(value('from'))) : undefined,
    given.has('to') ? lt(auditLog.at, londonEnd(value('to'))) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => !!condition);
}

const atKey = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The page statement for one set of filters (and a key to start after, or none). */
function pageQuery(db: Database, given: ReadonlySet<string>, after: boolean) {
  const conditions = filterConditions(given);
  if (after) {
    conditions.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
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
    .limit(sql.placeholder('limit'));
}

type PageStatement = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
const pageStatementOf = preparedPerShape<PageStatement>();

/**
 * One page of the log, newest first, after a key (keyset: no offset, same cost on any page).
 * The statement is prepared once per database handle for each set of filters given (decision
 * 077): a page runs it with its values, and drizzle does not build the query again.
 */
export async function auditPageRows(
  db: Database,
  filters: AuditFilters,
  options: { after?: AuditKey; limit: number },
) {
  const given = new Set(filterNames.filter((name) => !!filters[name]));
  const shape = `${filterNames.map((name) => (given.has(name) ? '1' : '0')).join('')}${options.after ? '1' : '0'}`;
  const statement = pageStatementOf(db, shape, () =>
    pageQuery(db, given, !!options.after).prepare(`audit_page_${shape}`),
  );
  return statement.execute({
    ...filters,
    afterAt: options.after?.at,
    afterId: options.after?.id,
    limit: options.limit,
  });
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
