import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { userKeys } from './keys';

/** POST /api/users/:id/disable: ends their sessions. */
export function disableUser(id: string): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', `/api/users/${encodeURIComponent(id)}/disable`);
}

export function useDisableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
