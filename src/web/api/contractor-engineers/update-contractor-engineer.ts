import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContractorEngineerResponse,
  UpdateEngineerRequest,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshEngineers } from './refresh';

/** PATCH /api/contractor-engineers/:id: names and the phone for SMS sign-in. */
export function updateContractorEngineer({
  id,
  changes,
}: {
  id: string;
  changes: UpdateEngineerRequest;
}): Promise<ContractorEngineerResponse> {
  return sendJson<ContractorEngineerResponse>(
    'PATCH',
    `/api/contractor-engineers/${encodeURIComponent(id)}`,
    changes,
  );
}

export function useUpdateContractorEngineer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContractorEngineer,
    onSuccess: () => refreshEngineers(queryClient),
  });
}
