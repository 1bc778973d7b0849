import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, OrderDetail } from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import { customerKeys } from '@web/api/customers/keys';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from './keys';

/** POST /api/orders: a new order (and a new customer unless an existing one is given). */
export function createOrder(body: CreateOrderBody): Promise<OrderDetail> {
  return sendJson<OrderDetail>('POST', '/api/orders', body);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        // A new customer, or one more order for an existing one.
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]);
    },
  });
}
