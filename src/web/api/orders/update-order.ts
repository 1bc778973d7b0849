import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, UpdateOrderBody } from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from './keys';

/** PATCH /api/orders/:id: back office edits reference, job type, price, payout, date, notes. */
export function updateOrder(id: string, body: UpdateOrderBody): Promise<OrderDetail> {
  return sendJson<OrderDetail>('PATCH', `/api/orders/${encodeURIComponent(id)}`, body);
}

export function useUpdateOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderBody) => updateOrder(id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
        queryClient.invalidateQueries({ queryKey: orderKeys.byNumber(order.orderNumber) }),
        // The edit shows in the dashboard's recent events.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
