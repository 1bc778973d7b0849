import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContractorEngineerResponse,
  InviteEngineerRequest,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshEngineers } from './refresh';

/** POST /api/contractor-engineers: an engineer of the own company, sent the set-password email. */
export function inviteContractorEngineer(
  body: InviteEngineerRequest,
): Promise<ContractorEngineerResponse> {
  return sendJson<ContractorEngineerResponse>('POST', '/api/contractor-engineers', body);
}

export function useInviteContractorEngineer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteContractorEngineer,
    onSuccess: () => refreshEngineers(queryClient, { emailSent: true }),
  });
}
