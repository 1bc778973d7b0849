import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest, UserResponse } from '@shared/users/users.contracts';
import { sendJson } from '@web/lib/api-client';
import { usersQueryKey } from './list-users';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
