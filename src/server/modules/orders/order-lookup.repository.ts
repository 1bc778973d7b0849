import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents } from './order-events.schema';
import { orders } from './orders.schema';

// Reads of the orders' own rows that other modules ask for (through order-lookup.service).

/** Whether the order is the company's (accepted or offered). */
export async function isCompanyOrder(db: Database, contractorId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.contractorId, contractorId)))
    .limit(1);
  return !!row;
}

/** Orders of the company completed on these London days, and the payouts they earn. */
export async function completedBetween(
  db: Database,
  contractorId: string,
  from: string,
  to: string,
) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      payout: sql<number>`coalesce(sum(${orders.payoutPence}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.contractorId, contractorId),
        sql`(${orders.completedAt} at time zone 'Europe/London')::date between ${from}::date and ${to}::date`,
      ),
    );
  return { count: Number(row?.count ?? 0), payoutPence: Number(row?.payout ?? 0) };
}

/** The order's events, oldest first, with what the customer's pages may show of them. */
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

/** The serial the customer typed when the kit arrived, if any. */
export async function findKitArrivedSerial(db: Database, orderId: string) {
  const [row] = await db
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'confirm_kit_arrived')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  const serial = (row?.data as { serial?: unknown } | undefined)?.serial;
  return typeof serial === 'string' && serial.trim() ? serial.trim() : null;
}

/**
 * Open orders whose SLA passed its at-risk point within the last `withinHours` and has not
 * breached yet (issue 25: back office is told once per order, decision 080).
 */
export async function listOrdersTurnedAtRisk(db: Database, now: Date, withinHours: number) {
  const since = new Date(now.getTime() - withinHours * 3_600_000);
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, dueAt: orders.slaDueAt })
    .from(orders)
    .where(
      and(
        sql`${orders.slaStoppedAt} is null`,
        sql`${orders.status} not in ('completed', 'closed', 'cancelled')`,
        sql`${orders.slaAtRiskAt} <= ${now.toISOString()}::timestamptz`,
        sql`${orders.slaAtRiskAt} > ${since.toISOString()}::timestamptz`,
        sql`${orders.slaDueAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.slaAtRiskAt))
    .limit(1000);
}
