import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, MessageResponse } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';

/** POST /api/auth/forgot-password: emails a 1-hour set-password link when the account exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
