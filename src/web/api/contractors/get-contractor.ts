import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorDetail } from '@shared/contractors/contractors.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorKeys } from './keys';

/** GET /api/contractors/:id: the company, its rates, coverage and engineers. */
export function fetchContractor(id: string): Promise<ContractorDetail> {
  return getJson<ContractorDetail>(`/api/contractors/${encodeURIComponent(id)}`);
}

export function contractorQuery(id: string) {
  return queryOptions({ queryKey: contractorKeys.detail(id), queryFn: () => fetchContractor(id) });
}

export function useContractor(id: string) {
  return useQuery(contractorQuery(id));
}
