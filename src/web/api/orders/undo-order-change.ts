import type { QueryClient } from '@tanstack/react-query';
import { orderUndoPath } from '@shared/orders/undo';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import { assignmentQueueKeys } from '@web/api/contractors/assignment-queue-keys';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { dispatchKeys } from '@web/api/dispatch/keys';
import { orderKeys } from './keys';

/**
 * POST /api/orders/:id/undo: takes back the last change this user made to the order (an
 * assignment, a board move, taking a visit off the schedule) within seconds of making it.
 * Every view the change touched is refreshed: the order, the lists, the board, the queue.
 */
export async function undoOrderChange(
  queryClient: QueryClient,
  orderId: string,
): Promise<OrderDetail | null> {
  const order = await sendJson<OrderDetail | null>('POST', orderUndoPath(orderId));
  if (order) queryClient.setQueryData(orderKeys.detail(order.id), order);
  await Promise.all(
    [orderKeys.all, dispatchKeys.all, dashboardKeys.all, assignmentQueueKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
  return order;
}
