import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserRequest, UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { messagesQueryKey } from './list-messages';
import { usersQueryKey } from './list-users';

/** POST /api/users: creates the invited user and sends the set-password email. */
export function inviteUser(body: InviteUserRequest): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', '/api/users', body);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
      ]),
  });
}
