import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { getJson } from '@web/lib/api-client';
import { orderKeys } from './keys';

/** GET /api/orders/by-number/:orderNumber: the order summary's read view. */
export function fetchOrderByNumber(orderNumber: string): Promise<OrderDetail> {
  return getJson<OrderDetail>(`/api/orders/by-number/${encodeURIComponent(orderNumber)}`);
}

export function orderByNumberQuery(orderNumber: string) {
  return queryOptions({
    queryKey: orderKeys.byNumber(orderNumber),
    queryFn: () => fetchOrderByNumber(orderNumber),
  });
}

export function useOrderByNumber(orderNumber: string) {
  return useQuery(orderByNumberQuery(orderNumber));
}
