import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { users } from '../../users/users.schema';
import { visits } from '../../visits/visits.schema';
import { orderEvents } from '../order-events.schema';
import { orders } from '../orders.schema';
import { customerOfOrder } from './job-line.projection';

// The customer's messages about an order: who to send to, and the visit the message is about.

export async function findOrderRecipient(db: Database, orderId: string) {
  const [row] = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      smsOptOut: customers.smsOptOut,
      emailOptOut: customers.emailOptOut,
    })
    .from(orders)
    .innerJoin(customers, customerOfOrder)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}
export type OrderRecipient = NonNullable<Awaited<ReturnType<typeof findOrderRecipient>>>;

/** A visit as the messages read it: when, its state, and its engineer's first name. */
const visitColumns = {
  id: visits.id,
  orderId: visits.orderId,
  engineerId: visits.engineerId,
  scheduledDate: visits.scheduledDate,
  slot: visits.slot,
  status: visits.status,
  engineerFirstName: users.firstName,
};

/** The order's latest visit with its engineer's first name. */
export async function findLatestVisit(db: Database, orderId: string) {
  const [row] = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(users, eq(users.id, visits.engineerId))
    .where(eq(visits.orderId, orderId))
    .orderBy(desc(visits.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findVisit(db: Database, visitId: string) {
  const [row] = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(users, eq(users.id, visits.engineerId))
    .where(eq(visits.id, visitId))
    .limit(1);
  return row ?? null;
}

/** Whether the change recorded as order event `eventId` was undone (issue 25, decision 082). */
export async function wasUndone(db: Database, orderId: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.data}->>'undoes' = ${eventId}`))
    .limit(1);
  return rows.length > 0;
}
