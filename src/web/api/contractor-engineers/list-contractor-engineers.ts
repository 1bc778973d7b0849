import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorEngineerList } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorEngineerKeys } from './keys';

/** GET /api/contractor-engineers: the company's engineers with their visits still to come. */
export function fetchContractorEngineers(): Promise<ContractorEngineerList> {
  return getJson<ContractorEngineerList>('/api/contractor-engineers');
}

export function contractorEngineersQuery() {
  return queryOptions({
    queryKey: contractorEngineerKeys.list(),
    queryFn: fetchContractorEngineers,
  });
}

export function useContractorEngineerList(enabled = true) {
  return useQuery({ ...contractorEngineersQuery(), enabled });
}
