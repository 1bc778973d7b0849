import type { z } from 'zod';
import type {
  duplicateCustomerQuery,
  duplicateCustomerResponse,
} from '@shared/customers/customers.contracts';
import { getJson } from '@web/lib/api-client';

export type DuplicateQuery = z.input<typeof duplicateCustomerQuery>;
export type DuplicateResponse = z.infer<typeof duplicateCustomerResponse>;

/**
 * GET /api/customers/duplicates: customers with the same email, phone, or name and postcode.
 * Called once when the create form is submitted, so it is a plain fetcher, not a cached query.
 */
export function findDuplicateCustomers(query: DuplicateQuery): Promise<DuplicateResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return getJson<DuplicateResponse>(`/api/customers/duplicates?${params.toString()}`);
}
