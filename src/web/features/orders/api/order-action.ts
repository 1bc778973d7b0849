import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LifecycleAction } from '@shared/orders/order-lifecycle';
import {
  orderActionEndpoints,
  type OrderActionBody,
  type OrderDetail,
} from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import {
  assignmentQueueKey,
  customersKey,
  dashboardKey,
  orderByNumberKey,
  orderDetailKey,
  orderListKey,
} from './query-keys';

/**
 * POST /api/orders/:id/<action>: every lifecycle move (validate, assign, hold, cancel, kit
 * dispatch, ...). They share one shape — the order id, a body from the shared contract, the
 * updated order back — so one file serves the family, with paths from `orderActionEndpoints`.
 */
export function performOrderAction<A extends LifecycleAction>(
  id: string,
  action: A,
  body: OrderActionBody<A>,
): Promise<OrderDetail> {
  const { path } = orderActionEndpoints[action];
  return sendJson<OrderDetail>('POST', `/api/orders/${encodeURIComponent(id)}/${path}`, body);
}

export type OrderActionVariables = { action: LifecycleAction; body: Record<string, unknown> };

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionVariables) =>
      performOrderAction(id, action, body as OrderActionBody<typeof action>),
    onSuccess: (order, { action }) => {
      queryClient.setQueryData(orderDetailKey(order.id), order);
      const refresh = [
        queryClient.invalidateQueries({ queryKey: orderListKey }),
        queryClient.invalidateQueries({ queryKey: orderByNumberKey(order.orderNumber) }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ];
      // Validating the order validates its customer too.
      if (action === 'validate')
        refresh.push(queryClient.invalidateQueries({ queryKey: customersKey }));
      // Who holds the order changes the assignment queue.
      if (
        ['validate', 'assign', 'unassign', 'decline', 'hold', 'resume', 'cancel'].includes(action)
      )
        refresh.push(queryClient.invalidateQueries({ queryKey: assignmentQueueKey }));
      return Promise.all(refresh);
    },
  });
}
