import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CustomerListQuery,
  customerListResponse,
} from '@shared/customers/customers.contracts';
import { getJson } from '@web/lib/api-client';
import { customerKeys } from './keys';

export type CustomerList = z.infer<typeof customerListResponse>;

/** GET /api/customers: searched by name, reference, email, phone or postcode. */
export function fetchCustomers(query: CustomerListQuery): Promise<CustomerList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return getJson<CustomerList>(search ? `/api/customers?${search}` : '/api/customers');
}

export function customersQuery(query: CustomerListQuery) {
  return queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: () => fetchCustomers(query),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(query: CustomerListQuery) {
  return useQuery(customersQuery(query));
}
