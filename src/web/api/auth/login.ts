import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@shared/auth/auth.contracts';
import { sendJson } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/auth';

/** POST /api/auth/login (spec §7): email and password; answers requiresTwoFactor and the user. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return sendJson<LoginResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      // Signed in at once (no two-factor step): the current user changed.
      if (!answer.requiresTwoFactor) await refreshCurrentUser(queryClient);
    },
  });
}

/** Refetches the current user wherever it is cached, active or not (spec §4). */
export async function refreshCurrentUser(
  queryClient: ReturnType<typeof useQueryClient>,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'all' });
}
