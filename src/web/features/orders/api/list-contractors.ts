import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contractorListResponse } from '@shared/orders/contractors.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorsKey } from './query-keys';

export type ContractorList = z.infer<typeof contractorListResponse>;

/** GET /api/contractors[?covers=postcode]: the filter, and the assign dialog's choices. */
export function fetchContractors(covers?: string): Promise<ContractorList> {
  return getJson<ContractorList>(
    covers ? `/api/contractors?covers=${encodeURIComponent(covers)}` : '/api/contractors',
  );
}

export function contractorsQuery(covers?: string) {
  return queryOptions({
    queryKey: [...contractorsKey, 'list', { covers: covers ?? null }] as const,
    queryFn: () => fetchContractors(covers),
  });
}

export function useContractors(covers?: string, enabled = true) {
  return useQuery({ ...contractorsQuery(covers), enabled });
}
