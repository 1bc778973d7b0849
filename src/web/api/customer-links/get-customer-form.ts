import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerFormPage } from '@shared/customer-links/customer-form.contracts';
import { getJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** GET /api/public/customer-form/:token (public): the form, what was sent, or the link's problem. */
export function fetchCustomerForm(token: string): Promise<CustomerFormPage> {
  return getJson<CustomerFormPage>(`/api/public/customer-form/${encodeURIComponent(token)}`);
}

export const customerFormQuery = (token: string) =>
  queryOptions({
    queryKey: customerLinkKeys.customerForm(token),
    queryFn: () => fetchCustomerForm(token),
    staleTime: Infinity,
  });

export function useCustomerForm(token: string) {
  return useQuery(customerFormQuery(token));
}
