import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { users } from '../../users/users.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import type { KitStatus, OrderStatus } from '@shared/orders/order-status';
import { customerContactColumns, customerOfOrder } from './job-line.projection';

// The customer's own pages (the links and the portal): the order with what the customer may see
// of themselves and of its visits.

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
      ...customerContactColumns,
    })
    .from(orders)
    .innerJoin(customers, customerOfOrder)
    .where(where.id ? eq(orders.id, where.id) : eq(orders.orderNumber, where.number ?? ''))
    .limit(1);
  return row ?? null;
}
export type CustomerOrderRow = NonNullable<Awaited<ReturnType<typeof findOrderForCustomer>>>;

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
    .innerJoin(customers, customerOfOrder)
    .where(and(...conditions))
    .orderBy(desc(orders.receivedAt))
    .limit(1);
  return row ?? null;
}
