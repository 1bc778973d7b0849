import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContractorDetail,
  UpdateContractorBody,
} from '@shared/contractors/contractors.contracts';
import { sendJson } from '@web/lib/api-client';
import { assignmentQueueKeys } from './assignment-queue-keys';
import { contractorKeys } from './keys';

/** PATCH /api/contractors/:id: details, coverage, rates, active flag. */
export function updateContractor(
  id: string,
  body: UpdateContractorBody,
): Promise<ContractorDetail> {
  return sendJson<ContractorDetail>('PATCH', `/api/contractors/${encodeURIComponent(id)}`, body);
}

export function useUpdateContractor(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContractorBody) => updateContractor(id, body),
    onSuccess: (contractor) => {
      queryClient.setQueryData(contractorKeys.detail(contractor.id), contractor);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contractorKeys.lists }),
        // Coverage and the active flag decide the queue's suggestions.
        queryClient.invalidateQueries({ queryKey: assignmentQueueKeys.all }),
      ]);
    },
  });
}
