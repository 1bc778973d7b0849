import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { messageKeys } from '@web/api/messages/keys';
import { userKeys } from './keys';

/** POST /api/users/:id/resend-invitation: a new set-password link (invited users only). */
export function resendInvitation(id: string): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', `/api/users/${encodeURIComponent(id)}/resend-invitation`);
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: messageKeys.all }),
      ]),
  });
}
