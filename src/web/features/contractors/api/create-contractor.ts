import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorDetail, CreateContractorBody } from '@shared/orders/contractors.contracts';
import { sendJson } from '@web/lib/api-client';
import { contractorDetailKey, contractorListKey } from './query-keys';

/** POST /api/contractors */
export function createContractor(body: CreateContractorBody): Promise<ContractorDetail> {
  return sendJson<ContractorDetail>('POST', '/api/contractors', body);
}

export function useCreateContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractor,
    onSuccess: (contractor) => {
      queryClient.setQueryData(contractorDetailKey(contractor.id), contractor);
      return queryClient.invalidateQueries({ queryKey: contractorListKey });
    },
  });
}
