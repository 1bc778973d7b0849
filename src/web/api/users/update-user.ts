import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest, UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { contractorKeys } from '@web/api/contractors/keys';
import { userKeys } from './keys';

/** PATCH /api/users/:id: names, phone, role, additional roles, contractor, two-factor. */
export function updateUser({
  id,
  changes,
}: {
  id: string;
  changes: UpdateUserRequest;
}): Promise<UserResponse> {
  return sendJson<UserResponse>('PATCH', `/api/users/${encodeURIComponent(id)}`, changes);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_user, { changes }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        // A new company link or role moves the user between companies' engineer lists.
        ...(changes.contractorId !== undefined || changes.role !== undefined
          ? [queryClient.invalidateQueries({ queryKey: contractorKeys.all })]
          : []),
      ]),
  });
}
