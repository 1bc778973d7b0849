import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyTwoFactorRequest, SignedInResponse } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshCurrentUser } from './login';

/** POST /api/auth/verify-2fa (spec §7): email and the emailed code; answers the user. */
export function verifyTwoFactor(body: VerifyTwoFactorRequest): Promise<SignedInResponse> {
  return sendJson<SignedInResponse>('POST', '/api/auth/verify-2fa', body);
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
