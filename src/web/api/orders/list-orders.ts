import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListQuery, OrderListResponse } from '@shared/orders/orders.contracts';
import { getJson } from '@web/lib/api-client';
import { orderKeys } from './keys';

/** The query string for the list and its CSV export: lists as `a,b`, empty values left out. */
export function orderQueryString(query: OrderListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/orders: one page of the filtered, searched, sorted list. */
export function fetchOrders(query: OrderListQuery): Promise<OrderListResponse> {
  const search = orderQueryString(query);
  return getJson<OrderListResponse>(search ? `/api/orders?${search}` : '/api/orders');
}

export function ordersQuery(query: OrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: () => fetchOrders(query),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrderListQuery) {
  return useQuery(ordersQuery(query));
}
