import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsVerifyCodeRequest, SignedInResponse } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';
import { refreshCurrentUser } from './login';

/** POST /api/auth/sms/verify-code (spec §7): phone and code; answers the user. */
export function verifySmsCode(body: SmsVerifyCodeRequest): Promise<SignedInResponse> {
  return sendJson<SignedInResponse>('POST', '/api/auth/sms/verify-code', body);
}

export function useVerifySmsCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySmsCode,
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}
