import type { Database } from '../../db/client';
import { insertOrderEvent, lockOrder } from './orders.repository';
import { orderNotFound } from './order-change';

/**
 * A customer's request on the order that changes no status (issue 11: reschedule request):
 * an order event, so back office and the contractor see it on the timeline, and its domain
 * event `order.<type>` for whoever listens.
 */
export async function recordCustomerRequest(
  tx: Database,
  input: {
    orderId: string;
    type: 'reschedule_requested';
    customerName: string;
    data: Record<string, unknown>;
    now: Date;
  },
) {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw orderNotFound();
  await insertOrderEvent(tx, {
    orderId: input.orderId,
    type: input.type,
    actorUserId: null,
    actorRole: 'customer',
    actorName: input.customerName,
    fromStatus: order.status,
    toStatus: order.status,
    fromKitStatus: order.kitStatus,
    toKitStatus: order.kitStatus,
    reason: null,
    data: input.data,
    createdAt: input.now,
  });
}
