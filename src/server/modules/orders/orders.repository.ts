import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents } from './order-events.schema';
import { orders } from './orders.schema';
import { orderSearchText } from '@shared/orders/order-search';
import { publishEvent } from '../events/events.service';
import type { VisitRow } from '../visits/order-visits.service';
import { newOrderNumber } from './order-number';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export { orderSearchText };

export async function findOrderIdByNumber(db: Database, orderNumber: string) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The visit being worked now (scheduled or in progress), if any. */
export function currentVisit<T extends { visit: VisitRow }>(rows: T[]): T | null {
  const active = rows.filter(
    (r) => r.visit.status === 'scheduled' || r.visit.status === 'in_progress',
  );
  return active[active.length - 1] ?? null;
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
  await publishEvent(tx, orderDomainEvent({ ...values, id, createdAt: occurredAt }));
}

/** The domain event an order event is published as: `order.<type>`, the same id. */
export function orderDomainEvent(
  values: typeof orderEvents.$inferInsert & { id: string; createdAt: Date },
) {
  return {
    id: values.id,
    type: `order.${values.type}`,
    aggregateType: 'order',
    aggregateId: values.orderId,
    occurredAt: values.createdAt,
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
  };
}

/** UPL-YYYY-NNNNNN-XXXX: the next of the order_number_seq sequence and a random code. */
export async function nextOrderNumber(tx: Database, receivedAt: Date): Promise<string> {
  const result = await tx.execute(sql`select nextval('order_number_seq')::text as n`);
  const list = (result as unknown as { rows: { n: string }[] }).rows;
  return newOrderNumber(receivedAt, Number(list[0]!.n));
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

/** What a webhook about the order names: its number and the partner's reference. */
export async function findOrderReference(db: Database, id: string) {
  const [row] = await db
    .select({
      id: orders.id,
      partnerId: orders.partnerId,
      orderNumber: orders.orderNumber,
      partnerReference: orders.partnerReference,
      jobTypeId: orders.jobTypeId,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  return row ?? null;
}

/** The numbers of these orders, by id (an id with no order is absent). */
export async function findOrderNumbers(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}

/** Rewrites the search text of every order of the customer from their details as they are now. */
export async function updateSearchTextOfCustomerOrders(
  tx: Database,
  customerId: string,
  customer: Parameters<typeof orderSearchText>[1],
) {
  const ownOrders = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      partnerReference: orders.partnerReference,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  for (const order of ownOrders) {
    await tx
      .update(orders)
      .set({ searchText: orderSearchText(order, customer) })
      .where(eq(orders.id, order.id));
  }
}
