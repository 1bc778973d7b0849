import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserRequest, UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import {
  contractorDetailKey,
  contractorEngineersKey,
  contractorListKey,
  usersKey,
} from './query-keys';

/**
 * POST /api/users with role engineer and the contractor: engineers are user accounts linked to
 * their company, invited by email to set a password (the users area's endpoint).
 */
export function inviteEngineer(body: InviteUserRequest): Promise<UserResponse> {
  return sendJson<UserResponse>('POST', '/api/users', body);
}

export function useInviteEngineer(contractorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<InviteUserRequest, 'role' | 'contractorId'>) =>
      inviteEngineer({ ...body, role: 'engineer', contractorId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractorDetailKey(contractorId) }),
        queryClient.invalidateQueries({ queryKey: contractorEngineersKey(contractorId) }),
        queryClient.invalidateQueries({ queryKey: contractorListKey }),
        queryClient.invalidateQueries({ queryKey: usersKey }),
      ]),
  });
}
