import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorEngineerResponse } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshEngineers } from './refresh';

/** POST /api/contractor-engineers/:id/enable: they can sign in again. */
export function enableContractorEngineer(id: string): Promise<ContractorEngineerResponse> {
  return sendJson<ContractorEngineerResponse>(
    'POST',
    `/api/contractor-engineers/${encodeURIComponent(id)}/enable`,
  );
}

export function useEnableContractorEngineer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableContractorEngineer,
    onSuccess: () => refreshEngineers(queryClient),
  });
}
