import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, ListUsersResponse } from '@shared/users/users.contracts';
import { getJson } from '@web/lib/api-client';
import { userKeys } from './keys';

export function usersUrl(query: ListUsersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/api/users?${search}` : '/api/users';
}

/** GET /api/users: the /users list, searched and filtered on the server. */
export function fetchUsers(query: ListUsersQuery): Promise<ListUsersResponse> {
  return getJson<ListUsersResponse>(usersUrl(query));
}

export function usersQuery(query: ListUsersQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: ListUsersQuery) {
  return useQuery(usersQuery(query));
}
