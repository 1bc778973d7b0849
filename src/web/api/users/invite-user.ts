import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InviteUserRequest, UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { contractorKeys } from '@web/api/contractors/keys';
import { messageKeys } from '@web/api/messages/keys';
import { userKeys } from './keys';

/**
 * POST /api/users: creates the invited user and sends the set-password email. Engineers are
 * user accounts linked to their company, so the contractor screens invite through here too.
 */
export function inviteUser(body: InviteUserRequest): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', '/api/users', body);
}

function refreshAfterInvite(queryClient: QueryClient, contractorId?: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    // The invitation email is in the outbox.
    queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    // A linked user shows in the company's detail, engineer list and engineer count.
    ...(contractorId ? [queryClient.invalidateQueries({ queryKey: contractorKeys.all })] : []),
  ]);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (_user, body) => refreshAfterInvite(queryClient, body.contractorId),
  });
}

/** The contractor detail screen's invite: an engineer of this company. */
export function useInviteEngineer(contractorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<InviteUserRequest, 'role' | 'contractorId'>) =>
      inviteUser({ ...body, role: 'engineer', contractorId }),
    onSuccess: () => refreshAfterInvite(queryClient, contractorId),
  });
}
