import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { engineerListResponse } from '@shared/contractors/contractors.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorKeys } from './keys';

export type EngineerList = z.infer<typeof engineerListResponse>;

/** GET /api/contractors/:id/engineers: who can be given a visit. */
export function fetchContractorEngineers(contractorId: string): Promise<EngineerList> {
  return getJson<EngineerList>(`/api/contractors/${encodeURIComponent(contractorId)}/engineers`);
}

export function contractorEngineersQuery(contractorId: string) {
  return queryOptions({
    queryKey: contractorKeys.engineers(contractorId),
    queryFn: () => fetchContractorEngineers(contractorId),
  });
}

export function useContractorEngineers(contractorId: string | null, enabled = true) {
  return useQuery({
    ...contractorEngineersQuery(contractorId ?? ''),
    enabled: enabled && !!contractorId,
  });
}
