import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContractorDetail,
  CreateContractorBody,
} from '@shared/contractors/contractors.contracts';
import { sendJson } from '@web/lib/api-client';
import { contractorKeys } from './keys';

/** POST /api/contractors */
export function createContractor(body: CreateContractorBody): Promise<ContractorDetail> {
  return sendJson<ContractorDetail>('POST', '/api/contractors', body);
}

export function useCreateContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractor,
    onSuccess: (contractor) => {
      queryClient.setQueryData(contractorKeys.detail(contractor.id), contractor);
      // Every screen's contractor list (orders filter, assign dialog, users screen, contractors).
      return queryClient.invalidateQueries({ queryKey: contractorKeys.lists });
    },
  });
}
