import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { userKeys } from './keys';

/** POST /api/users/:id/enable: lets them sign in again. */
export function enableUser(id: string): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', `/api/users/${encodeURIComponent(id)}/enable`);
}

export function useEnableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
