import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorListResponse } from '@shared/contractors/contractors.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorKeys, type ContractorFilters } from './keys';

export type ContractorList = z.infer<typeof contractorListResponse>;

/** GET /api/contractors: companies, searched, by active flag or by a postcode they cover. */
export function fetchContractors(filters: ContractorFilters): Promise<ContractorList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const search = params.toString();
  return getJson<ContractorList>(search ? `/api/contractors?${search}` : '/api/contractors');
}

export function contractorsQuery(filters: ContractorFilters = {}) {
  return queryOptions({
    queryKey: contractorKeys.list(filters),
    queryFn: () => fetchContractors(filters),
  });
}

/** The one contractor list hook of every screen; `enabled: false` waits (e.g. a closed dialog). */
export function useContractors(filters: ContractorFilters = {}, { enabled = true } = {}) {
  return useQuery({ ...contractorsQuery(filters), enabled });
}
