import type { ListUsersQuery } from '@shared/users/users.contracts';

const all = ['/api/users'] as const;

export const userKeys = {
  all,
  list: (query: ListUsersQuery) => [...all, query] as const,
};
