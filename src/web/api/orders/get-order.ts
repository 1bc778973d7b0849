import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { getJson } from '@web/lib/api-client';
import { orderKeys } from './keys';

/** GET /api/orders/:id: the order with its customer, visits, timeline and allowed actions. */
export function fetchOrder(id: string): Promise<OrderDetail> {
  return getJson<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`);
}

export function orderQuery(id: string) {
  return queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => fetchOrder(id) });
}

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
