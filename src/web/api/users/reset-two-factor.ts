import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { userKeys } from './keys';

/** POST /api/users/:id/reset-two-factor: their two-factor method goes back to none. */
export function resetTwoFactor(id: string): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', `/api/users/${encodeURIComponent(id)}/reset-two-factor`);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
