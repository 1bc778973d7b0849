import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orderEvents } from '../../db/schema/order-events';
import { orders } from '../../db/schema/orders';

// Reads of the partner API (/api/v1): always within one partner's orders.

const v1Columns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  partnerReference: orders.partnerReference,
  status: orders.status,
  kitStatus: orders.kitStatus,
  jobTypeCode: jobTypes.code,
  jobTypeName: jobTypes.name,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  addressLine1: customers.addressLine1,
  addressLine2: customers.addressLine2,
  town: customers.town,
  county: customers.county,
  postcode: customers.postcode,
  requestedDate: orders.requestedDate,
  notes: orders.notes,
  cancellationReason: orders.cancellationReason,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  completedAt: orders.completedAt,
  cancelledAt: orders.cancelledAt,
};

export type V1OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function selectOrders(db: Database, where: SQL | undefined) {
  return db
    .select(v1Columns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .where(where);
}

export async function findV1Order(
  db: Database,
  partnerId: string,
  by: { orderNumber: string } | { partnerReference: string } | { id: string },
): Promise<V1OrderRow | undefined> {
  const match =
    'orderNumber' in by
      ? eq(orders.orderNumber, by.orderNumber)
      : 'partnerReference' in by
        ? eq(orders.partnerReference, by.partnerReference)
        : eq(orders.id, by.id);
  const [row] = await selectOrders(db, and(eq(orders.partnerId, partnerId), match));
  return row;
}

export type V1ListFilters = {
  status?: string;
  partnerReference?: string;
  createdFrom?: string;
  createdTo?: string;
  limit: number;
  /** The last order of the previous page. */
  after?: { createdAt: string; id: string };
};

/**
 * Keyset pagination on (created_at, id), newest first: an order added while a partner pages
 * lands before the first page and never shifts the pages after it (issue 14).
 */
export async function listV1Orders(db: Database, partnerId: string, filters: V1ListFilters) {
  const where: SQL[] = [eq(orders.partnerId, partnerId)];
  if (filters.status) where.push(sql`${orders.status} = ${filters.status}`);
  if (filters.partnerReference) where.push(eq(orders.partnerReference, filters.partnerReference));
  if (filters.createdFrom)
    where.push(gte(orders.createdAt, new Date(`${filters.createdFrom}T00:00:00Z`)));
  if (filters.createdTo) {
    const end = new Date(`${filters.createdTo}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(orders.createdAt, end));
  }
  if (filters.after) {
    where.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${filters.after.createdAt}::timestamptz, ${filters.after.id}::uuid)`,
    );
  }
  return selectOrders(db, and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filters.limit + 1);
}

/** The cursor's order: its exact created_at (as text, microseconds kept) and id. */
export async function findCursorOrder(db: Database, partnerId: string, id: string) {
  const [row] = await db
    .select({ id: orders.id, createdAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, id)));
  return row;
}

export async function findActiveJobTypeByCode(db: Database, code: string) {
  const [row] = await db
    .select({ id: jobTypes.id, active: jobTypes.active })
    .from(jobTypes)
    .where(sql`upper(${jobTypes.code}) = upper(${code})`);
  return row;
}

export async function listEventsOfOrder(db: Database, orderId: string) {
  return db
    .select({
      id: orderEvents.id,
      type: orderEvents.type,
      actorRole: orderEvents.actorRole,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      fromKitStatus: orderEvents.fromKitStatus,
      toKitStatus: orderEvents.toKitStatus,
      reason: orderEvents.reason,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
