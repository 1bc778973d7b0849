import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { getJson } from '@web/lib/api-client';
import { customerKeys } from './keys';

/** GET /api/customers/:id: the customer and their orders. */
export function fetchCustomer(id: string): Promise<CustomerDetail> {
  return getJson<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}`);
}

export function customerQuery(id: string) {
  return queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => fetchCustomer(id) });
}

export function useCustomer(id: string) {
  return useQuery(customerQuery(id));
}
