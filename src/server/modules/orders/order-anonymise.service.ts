import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents } from './order-events.schema';

/**
 * A customer anonymised (issue 21): the orders' timelines stay, but a step the customer took
 * no longer carries their name.
 */
export async function anonymiseCustomerActorNames(tx: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await tx
    .update(orderEvents)
    .set({ actorName: 'Customer' })
    .where(and(inArray(orderEvents.orderId, [...orderIds]), eq(orderEvents.actorRole, 'customer')));
}
