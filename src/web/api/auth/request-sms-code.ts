import { useMutation } from '@tanstack/react-query';
import type { SmsRequestCodeRequest, SmsRequestCodeResponse } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';

/** POST /api/auth/sms/request-code (spec §7): phone; answers a message. */
export function requestSmsCode(body: SmsRequestCodeRequest): Promise<SmsRequestCodeResponse> {
  return sendJson<SmsRequestCodeResponse>('POST', '/api/auth/sms/request-code', body);
}

export function useRequestSmsCode() {
  return useMutation({ mutationFn: requestSmsCode });
}
