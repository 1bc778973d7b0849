import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorEngineerResponse } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshEngineers } from './refresh';

/** POST /api/contractor-engineers/:id/disable: ends their sessions; refused (409 ENGINEER_HAS_FUTURE_VISITS) while visits are still to come. */
export function disableContractorEngineer(id: string): Promise<ContractorEngineerResponse> {
  return sendJson<ContractorEngineerResponse>(
    'POST',
    `/api/contractor-engineers/${encodeURIComponent(id)}/disable`,
  );
}

export function useDisableContractorEngineer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableContractorEngineer,
    onSuccess: () => refreshEngineers(queryClient),
  });
}
