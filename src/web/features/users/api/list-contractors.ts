import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorListResponse } from '@shared/orders/contractors.contracts';
import { getJson } from '@web/lib/api-client';

export type ContractorList = z.infer<typeof contractorListResponse>;

/** GET /api/contractors: the companies a user can be linked to. */
export function fetchContractors(): Promise<ContractorList> {
  return getJson<ContractorList>('/api/contractors');
}

export const contractorsQuery = queryOptions({
  queryKey: ['/api/contractors'] as const,
  queryFn: fetchContractors,
});

export function useContractors() {
  return useQuery(contractorsQuery);
}
