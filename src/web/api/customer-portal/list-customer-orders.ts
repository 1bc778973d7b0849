import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerOrdersResponse } from '@shared/customer-portal/customer-orders.contracts';
import { getJson } from '@web/lib/api-client';
import { customerOrderKeys } from './keys';

/** GET /api/customer/orders (customer only): the signed-in customer's own orders. */
export function fetchCustomerOrders(): Promise<CustomerOrdersResponse> {
  return getJson<CustomerOrdersResponse>('/api/customer/orders');
}

export const customerOrdersQuery = queryOptions({
  queryKey: customerOrderKeys.all,
  queryFn: fetchCustomerOrders,
});

export function useCustomerOrders() {
  return useQuery(customerOrdersQuery);
}
