import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractorEngineerResponse } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshEngineers } from './refresh';

/** POST /api/contractor-engineers/:id/resend-invitation: a new set-password link. */
export function resendContractorEngineerInvitation(
  id: string,
): Promise<ContractorEngineerResponse> {
  return sendJson<ContractorEngineerResponse>(
    'POST',
    `/api/contractor-engineers/${encodeURIComponent(id)}/resend-invitation`,
  );
}

export function useResendContractorEngineerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendContractorEngineerInvitation,
    onSuccess: () => refreshEngineers(queryClient, { emailSent: true }),
  });
}
