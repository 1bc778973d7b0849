import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LifecycleAction } from '@shared/orders/order-lifecycle';
import {
  orderActionEndpoints,
  type OrderActionBody,
  type OrderDetail,
} from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import { assignmentQueueKeys } from '@web/api/contractors/assignment-queue-keys';
import { customerKeys } from '@web/api/customers/keys';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from './keys';

/**
 * POST /api/orders/:id/<action>: every lifecycle move (validate, assign, hold, cancel, kit
 * dispatch, ...). They share one shape — the order id, a body from the shared contract, the
 * updated order back — so one file serves the family, with paths from `orderActionEndpoints`.
 * Answers null on a 204: the caller can no longer see the order (a contractor's decline).
 */
export function performOrderAction<A extends LifecycleAction>(
  id: string,
  action: A,
  body: OrderActionBody<A>,
): Promise<OrderDetail | null> {
  const { path } = orderActionEndpoints[action];
  return sendJson<OrderDetail | null>(
    'POST',
    `/api/orders/${encodeURIComponent(id)}/${path}`,
    body,
  );
}

export type OrderActionVariables = { action: LifecycleAction; body: Record<string, unknown> };

/** Actions that change who holds the order, and with it the assignment queue. */
const queueActions: readonly LifecycleAction[] = [
  'validate',
  'assign',
  'unassign',
  'decline',
  'hold',
  'resume',
  'cancel',
];

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionVariables) =>
      performOrderAction(id, action, body as OrderActionBody<typeof action>),
    onSuccess: (order, { action }) => {
      const refresh: Promise<void>[] = [];
      if (order) {
        queryClient.setQueryData(orderKeys.detail(order.id), order);
        refresh.push(
          queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
          queryClient.invalidateQueries({ queryKey: orderKeys.byNumber(order.orderNumber) }),
        );
      } else {
        // Out of sight: forget the cached detail, refresh every other view of orders.
        queryClient.removeQueries({ queryKey: orderKeys.detail(id) });
        refresh.push(queryClient.invalidateQueries({ queryKey: orderKeys.all }));
      }
      refresh.push(queryClient.invalidateQueries({ queryKey: dashboardKeys.all }));
      // Validating the order validates its customer too.
      if (action === 'validate')
        refresh.push(queryClient.invalidateQueries({ queryKey: customerKeys.all }));
      if (queueActions.includes(action))
        refresh.push(queryClient.invalidateQueries({ queryKey: assignmentQueueKeys.all }));
      return Promise.all(refresh);
    },
  });
}
