import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { contractors } from '../../db/schema/contractors';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orderEvents } from '../../db/schema/order-events';
import { orders } from '../../db/schema/orders';
import { partners } from '../../db/schema/partners';
import { settings } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import type { OrderListFilters, OrderSortField } from '@shared/orders/orders.contracts';
import { defaultSlaTargetDays } from '@shared/orders/sla';
import { orderSearchText, searchPatterns } from '@shared/orders/order-search';
import { publishEvent } from '../events/events.service';
import type { Viewer } from './order-access';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type CustomerRow = typeof customers.$inferSelect;
export type VisitRow = typeof visits.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export { orderSearchText, searchPatterns };

function dayStart(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

/** The viewer's scope: back office everything, others their contractor's or their visits. */
export function scopeCondition(viewer: Viewer): SQL | undefined {
  if (viewer.backOffice) return undefined;
  const parts: SQL[] = [];
  if (viewer.contractorId) parts.push(eq(orders.contractorId, viewer.contractorId));
  if (viewer.engineer) {
    parts.push(
      exists(
        sql`(select 1 from visits v2 where v2.order_id = "orders"."id" and v2.engineer_id = ${viewer.userId})`,
      ),
    );
  }
  return parts.length === 0 ? sql`false` : or(...parts);
}

export function orderListConditions(
  filters: Omit<OrderListFilters, 'page' | 'pageSize' | 'sort' | 'direction'>,
  viewer: Viewer,
  now: Date,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeCondition(viewer)];
  if (filters.status) conditions.push(inArray(orders.status, filters.status));
  if (filters.kitStatus) conditions.push(inArray(orders.kitStatus, filters.kitStatus));
  if (filters.partnerId) conditions.push(eq(orders.partnerId, filters.partnerId));
  if (filters.jobTypeId) conditions.push(eq(orders.jobTypeId, filters.jobTypeId));
  if (filters.contractorId === 'none') conditions.push(isNull(orders.contractorId));
  else if (filters.contractorId) conditions.push(eq(orders.contractorId, filters.contractorId));
  if (filters.receivedFrom) conditions.push(gte(orders.receivedAt, dayStart(filters.receivedFrom)));
  if (filters.receivedTo) {
    const end = dayStart(filters.receivedTo);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.receivedAt, end));
  }
  const completedDay = sql`(${orders.completedAt} at time zone 'Europe/London')::date`;
  if (filters.completedFrom)
    conditions.push(sql`${completedDay} >= ${filters.completedFrom}::date`);
  if (filters.completedTo) conditions.push(sql`${completedDay} <= ${filters.completedTo}::date`);
  if (filters.slaState) {
    const at = sql`coalesce(${orders.slaStoppedAt}, ${now.toISOString()}::timestamptz)`;
    const byState = {
      breached: sql`${at} > ${orders.slaDueAt}`,
      at_risk: sql`(${at} > ${orders.slaAtRiskAt} and ${at} <= ${orders.slaDueAt})`,
      on_track: sql`${at} <= ${orders.slaAtRiskAt}`,
    };
    conditions.push(or(...filters.slaState.map((state) => byState[state])));
  }
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    if (patterns.length > 0) {
      conditions.push(or(...patterns.map((pattern) => sql`${orders.searchText} like ${pattern}`)));
    }
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

const sortColumns: Record<OrderSortField, SQL | typeof orders.receivedAt> = {
  receivedAt: orders.receivedAt,
  orderNumber: sql`${orders.orderNumber}`,
  status: sql`${orders.status}`,
  requestedDate: sql`${orders.requestedDate}`,
  slaDueAt: sql`${orders.slaDueAt}`,
  updatedAt: sql`${orders.updatedAt}`,
};

const listColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  kitStatus: orders.kitStatus,
  partnerId: orders.partnerId,
  partnerName: partners.name,
  partnerReference: orders.partnerReference,
  customerId: orders.customerId,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  postcode: customers.postcode,
  town: customers.town,
  jobTypeId: orders.jobTypeId,
  jobTypeName: jobTypes.name,
  contractorId: orders.contractorId,
  contractorName: contractors.name,
  contractorAcceptedAt: orders.contractorAcceptedAt,
  requestedDate: orders.requestedDate,
  slaAtRiskAt: orders.slaAtRiskAt,
  slaDueAt: orders.slaDueAt,
  slaStoppedAt: orders.slaStoppedAt,
  receivedAt: orders.receivedAt,
  updatedAt: orders.updatedAt,
  pricePence: orders.pricePence,
  payoutPence: orders.payoutPence,
};
export type OrderListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['notNull'] extends true
    ? (typeof listColumns)[K]['_']['data']
    : (typeof listColumns)[K]['_']['data'] | null;
};

export async function listOrders(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now: Date,
  options: { withTotal?: boolean; limit?: number; offset?: number } = {},
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = orderListConditions(filters, viewer, now);
  const direction = filters.direction === 'asc' ? asc : desc;
  const limit = options.limit ?? filters.pageSize;
  const offset = options.offset ?? (filters.page - 1) * filters.pageSize;
  // Page the orders alone first, then join the page: the joins never widen the sort.
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(direction(sortColumns[filters.sort]), direction(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rowsQuery = db
    .select(listColumns)
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .leftJoin(contractors, eq(contractors.id, orders.contractorId))
    .orderBy(direction(sortColumns[filters.sort]), direction(orders.id));
  const [rows, total] = await Promise.all([
    rowsQuery as unknown as Promise<OrderListRow[]>,
    options.withTotal === false
      ? Promise.resolve(0)
      : db
          .select({ count: sql<number>`count(*)::int` })
          .from(orders)
          .where(where)
          .then((r) => Number(r[0]?.count ?? 0)),
  ]);
  return { rows, total };
}

const engineerUser = alias(users, 'engineer_user');

function buildDetailQueries(db: Database) {
  const id = sql.placeholder('id');
  return {
    order: db
      .select({
        order: orders,
        customer: customers,
        partnerName: partners.name,
        jobTypeName: jobTypes.name,
        contractor: {
          id: contractors.id,
          name: contractors.name,
          contactEmail: contractors.contactEmail,
          contactPhone: contractors.contactPhone,
        },
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(partners, eq(partners.id, orders.partnerId))
      .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
      .leftJoin(contractors, eq(contractors.id, orders.contractorId))
      .where(eq(orders.id, id))
      .limit(1)
      .prepare('order_detail_order'),
    visits: db
      .select({
        visit: visits,
        engineerFirstName: engineerUser.firstName,
        engineerLastName: engineerUser.lastName,
      })
      .from(visits)
      .innerJoin(engineerUser, eq(engineerUser.id, visits.engineerId))
      .where(eq(visits.orderId, id))
      .orderBy(asc(visits.createdAt), asc(visits.id))
      .prepare('order_detail_visits'),
    events: db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
      .prepare('order_detail_events'),
  };
}

// The detail is the hottest read: its three statements are prepared once per database handle
// (drizzle otherwise re-plans each call; the bench measured ~0.3 ms a statement on PGlite).
const detailQueries = new WeakMap<Database, ReturnType<typeof buildDetailQueries>>();
function detailQueriesFor(db: Database) {
  let queries = detailQueries.get(db);
  if (!queries) {
    queries = buildDetailQueries(db);
    detailQueries.set(db, queries);
  }
  return queries;
}

export async function findOrderWithRefs(db: Database, id: string) {
  const rows = await detailQueriesFor(db).order.execute({ id });
  return rows[0] ?? null;
}
export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof findOrderWithRefs>>>;

export async function findOrderIdByNumber(db: Database, orderNumber: string) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findVisitsOfOrder(db: Database, orderId: string) {
  return detailQueriesFor(db).visits.execute({ id: orderId });
}

export async function findEventsOfOrder(db: Database, orderId: string) {
  return detailQueriesFor(db).events.execute({ id: orderId });
}

/** The visit being worked now (scheduled or in progress), if any. */
export function currentVisit<T extends { visit: VisitRow }>(rows: T[]): T | null {
  const active = rows.filter(
    (r) => r.visit.status === 'scheduled' || r.visit.status === 'in_progress',
  );
  return active[active.length - 1] ?? null;
}

export async function viewerHasVisit(db: Database, orderId: string, userId: string) {
  const rows = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.engineerId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Locks the order row for the rest of the transaction: racing changes queue behind it. */
export async function lockOrder(tx: Database, id: string): Promise<OrderRow | null> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateOrderRow(tx: Database, id: string, values: Partial<NewOrderRow>) {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date(), version: sql`${orders.version} + 1` })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error('order vanished inside its transaction');
  return row;
}

/**
 * Records a change to an order in its timeline and, in the same transaction, publishes it as the
 * domain event `order.<type>` (same id) for the subscribers that react after commit.
 */
export async function insertOrderEvent(tx: Database, values: typeof orderEvents.$inferInsert) {
  const id = values.id ?? randomUUID();
  const occurredAt = values.createdAt ?? new Date();
  await tx.insert(orderEvents).values({ ...values, id, createdAt: occurredAt });
  await publishEvent(tx, {
    id,
    type: `order.${values.type}`,
    aggregateType: 'order',
    aggregateId: values.orderId,
    occurredAt,
    data: {
      ...values.data,
      actorUserId: values.actorUserId ?? null,
      actorRole: values.actorRole,
      actorName: values.actorName,
      fromStatus: values.fromStatus ?? null,
      toStatus: values.toStatus ?? null,
      fromKitStatus: values.fromKitStatus ?? null,
      toKitStatus: values.toKitStatus ?? null,
      reason: values.reason ?? null,
    },
  });
}

/** UPL-YYYY-NNNNNN from the order_number_seq sequence. */
export async function nextOrderNumber(tx: Database, receivedAt: Date): Promise<string> {
  const result = await tx.execute(sql`select nextval('order_number_seq')::text as n`);
  const list = (result as unknown as { rows: { n: string }[] }).rows;
  const n = Number(list[0]!.n);
  return `UPL-${receivedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

/** Settings key for the SLA target in days (the settings area edits it). */
export const slaSettingKey = 'slaTargetDays';

export async function readSlaSetting(db: Database): Promise<number> {
  const rows = await db.select().from(settings).where(eq(settings.key, slaSettingKey)).limit(1);
  const value = rows[0]?.value;
  const days = typeof value === 'number' ? value : Number((value as { days?: number })?.days);
  return Number.isInteger(days) && days > 0 ? days : defaultSlaTargetDays;
}

/** Who the order belongs to, for the visibility check. */
export async function findOrderScope(db: Database, id: string) {
  const [order] = await db
    .select({ id: orders.id, contractorId: orders.contractorId })
    .from(orders)
    .where(eq(orders.id, id));
  return order ?? null;
}

export async function insertOrderRow(tx: Database, values: NewOrderRow) {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id });
  return row!;
}

/** The order's visits, oldest first, without the engineer's name. */
export async function findVisitRowsOfOrder(tx: Database, orderId: string): Promise<VisitRow[]> {
  return tx
    .select()
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .orderBy(visits.createdAt, visits.id);
}

export async function insertVisit(tx: Database, values: typeof visits.$inferInsert) {
  const [visit] = await tx.insert(visits).values(values).returning({ id: visits.id });
  return visit!;
}

export async function updateVisit(tx: Database, id: string, values: Partial<VisitRow>) {
  await tx.update(visits).set(values).where(eq(visits.id, id));
}

/** Cancels the order's visits still to happen or under way. */
export async function cancelActiveVisits(tx: Database, orderId: string, now: Date) {
  await tx
    .update(visits)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(visits.orderId, orderId), inArray(visits.status, ['scheduled', 'in_progress'])));
}
