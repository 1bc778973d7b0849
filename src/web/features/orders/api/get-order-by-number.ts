import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { getJson } from '@web/lib/api-client';
import { orderByNumberKey } from './query-keys';

/** GET /api/orders/by-number/:orderNumber: the order summary's read view. */
export function fetchOrderByNumber(orderNumber: string): Promise<OrderDetail> {
  return getJson<OrderDetail>(`/api/orders/by-number/${encodeURIComponent(orderNumber)}`);
}

export function orderByNumberQuery(orderNumber: string) {
  return queryOptions({
    queryKey: orderByNumberKey(orderNumber),
    queryFn: () => fetchOrderByNumber(orderNumber),
  });
}

export function useOrderByNumber(orderNumber: string) {
  return useQuery(orderByNumberQuery(orderNumber));
}
