import { useMutation } from '@tanstack/react-query';
import type { SetPasswordRequest } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';

/** POST /api/set-password (spec §7): token and the new password. */
export function setPassword(body: SetPasswordRequest): Promise<unknown> {
  return sendJson<unknown>('POST', '/api/set-password', body);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
