import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents } from './order-events.schema';
import { orders } from './orders.schema';
import { orderStatuses, type OrderStatus } from '@shared/orders/order-status';

// The figures the dashboard shows, over every order.

const ended = ['completed', 'closed', 'cancelled'] as const;

export async function ordersByStatus(db: Database): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  const result = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of rows) result[row.status] = Number(row.count);
  return result;
}

/** Open orders past 75 % of their target, and past it. */
export async function slaCounts(db: Database, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      atRisk: sql<number>`count(*) filter (where ${at} > ${orders.slaAtRiskAt} and ${at} <= ${orders.slaDueAt})::int`,
      breached: sql<number>`count(*) filter (where ${at} > ${orders.slaDueAt})::int`,
    })
    .from(orders)
    .where(notInArray(orders.status, [...ended]));
  return { atRisk: Number(row?.atRisk ?? 0), breached: Number(row?.breached ?? 0) };
}

export async function kitCounts(db: Database) {
  const [row] = await db
    .select({
      awaitingDispatch: sql<number>`count(*) filter (where ${orders.kitStatus} = 'awaiting_dispatch')::int`,
      awaitingArrival: sql<number>`count(*) filter (where ${orders.kitStatus} = 'dispatched')::int`,
    })
    .from(orders)
    .where(notInArray(orders.status, [...ended]));
  return {
    awaitingDispatch: Number(row?.awaitingDispatch ?? 0),
    awaitingArrival: Number(row?.awaitingArrival ?? 0),
  };
}

export async function awaitingAssignment(db: Database) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status, 'validated'), isNull(orders.contractorId)));
  return Number(row?.count ?? 0);
}

/** The latest events of any order, newest first, with the order's number. */
export async function recentEvents(db: Database, limit: number) {
  return db
    .select({ event: orderEvents, orderNumber: orders.orderNumber })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(limit);
}
