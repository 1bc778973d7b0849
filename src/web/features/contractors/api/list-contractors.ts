import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorListResponse } from '@shared/orders/contractors.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorListKey } from './query-keys';

export type ContractorList = z.infer<typeof contractorListResponse>;
export type ContractorFilters = { q?: string; active?: 'true' | 'false'; covers?: string };

/** GET /api/contractors: companies, searched, by active flag or by a postcode they cover. */
export function fetchContractors(filters: ContractorFilters): Promise<ContractorList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const search = params.toString();
  return getJson<ContractorList>(search ? `/api/contractors?${search}` : '/api/contractors');
}

export function contractorsQuery(filters: ContractorFilters) {
  return queryOptions({
    queryKey: [...contractorListKey, filters] as const,
    queryFn: () => fetchContractors(filters),
  });
}

export function useContractors(filters: ContractorFilters = {}) {
  return useQuery(contractorsQuery(filters));
}
