import { and, asc, count, desc, eq, gte, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customerFormSubmissions,
  customerPhotos,
  portalProofFailures,
} from '../../db/schema/customer-journey';
import { customers } from '../../db/schema/customers';
import { orderEvents } from '../../db/schema/order-events';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import type { CustomerFormAnswers } from '@shared/customer-journey/customer-form.contracts';
import type { KitStatus, OrderStatus } from '@shared/orders/order-status';

/** The order and the customer fields the customer's own pages may show. */
export async function findOrderForCustomer(db: Database, where: { id?: string; number?: string }) {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      kitStatus: orders.kitStatus,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      kitArrivedAt: orders.kitArrivedAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      addressLine1: customers.addressLine1,
      addressLine2: customers.addressLine2,
      town: customers.town,
      postcode: customers.postcode,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where.id ? eq(orders.id, where.id) : eq(orders.orderNumber, where.number ?? ''))
    .limit(1);
  return row ?? null;
}
export type CustomerOrderRow = NonNullable<Awaited<ReturnType<typeof findOrderForCustomer>>>;

export async function insertSubmission(
  tx: Database,
  values: { orderId: string; linkId: string; answers: CustomerFormAnswers; submittedAt: Date },
) {
  const [row] = await tx
    .insert(customerFormSubmissions)
    .values(values)
    .returning({ id: customerFormSubmissions.id });
  return row!.id;
}

export async function findSubmissionOfLink(db: Database, linkId: string) {
  const [row] = await db
    .select()
    .from(customerFormSubmissions)
    .where(eq(customerFormSubmissions.linkId, linkId))
    .limit(1);
  return row ?? null;
}

export async function insertPhoto(tx: Database, values: typeof customerPhotos.$inferInsert) {
  const [row] = await tx.insert(customerPhotos).values(values).returning({ id: customerPhotos.id });
  return row!.id;
}

export async function countPhotosOfOrder(db: Database, ids: string[], orderId: string) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: customerPhotos.id })
    .from(customerPhotos)
    .where(eq(customerPhotos.orderId, orderId));
  const own = new Set(rows.map((r) => r.id));
  return ids.filter((id) => own.has(id)).length;
}

export async function recordProofFailure(
  db: Database,
  orderNumber: string,
  ipAddress: string,
  at: Date,
) {
  await db.insert(portalProofFailures).values({ orderNumber, ipAddress, at });
}

export async function countProofFailuresSince(db: Database, orderNumber: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(portalProofFailures)
    .where(
      and(eq(portalProofFailures.orderNumber, orderNumber), gte(portalProofFailures.at, since)),
    );
  return row?.n ?? 0;
}

export async function listOrderEventsForCustomer(db: Database, orderId: string) {
  return db
    .select({
      type: orderEvents.type,
      toStatus: orderEvents.toStatus,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt));
}

/** The order's visits, newest first, with the engineer's first name only. */
export async function listVisitsForCustomer(db: Database, orderId: string) {
  return db
    .select({
      status: visits.status,
      scheduledDate: visits.scheduledDate,
      slot: visits.slot,
      outcome: visits.outcome,
      checkedOutAt: visits.checkedOutAt,
      serials: visits.serials,
      engineerFirstName: users.firstName,
    })
    .from(visits)
    .leftJoin(users, eq(users.id, visits.engineerId))
    .where(eq(visits.orderId, orderId))
    .orderBy(desc(visits.createdAt));
}

/** The newest order waiting at a customer step (for `links:demo`). */
export async function findNewestOrderWhere(
  db: Database,
  where: { status?: OrderStatus; kitStatus?: KitStatus; notStatuses?: OrderStatus[] },
) {
  const conditions = [];
  if (where.status) conditions.push(eq(orders.status, where.status));
  if (where.kitStatus) conditions.push(eq(orders.kitStatus, where.kitStatus));
  if (where.notStatuses?.length) conditions.push(notInArray(orders.status, where.notStatuses));
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, postcode: customers.postcode })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...conditions))
    .orderBy(desc(orders.receivedAt))
    .limit(1);
  return row ?? null;
}
