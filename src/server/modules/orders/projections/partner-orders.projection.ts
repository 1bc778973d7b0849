import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { orders } from '../orders.schema';
import { customerContactColumns, customerOfOrder, jobTypeOfOrder } from './job-line.projection';

// The orders as the partner API (/api/v1) answers them (decision 055): each with its customer's
// contact details and address and its job type's code and name, always within one partner's
// orders; and the keyset cursor its list pages by.

const v1Columns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  partnerReference: orders.partnerReference,
  status: orders.status,
  kitStatus: orders.kitStatus,
  jobTypeCode: jobTypes.code,
  jobTypeName: jobTypes.name,
  ...customerContactColumns,
  county: customers.county,
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
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
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
