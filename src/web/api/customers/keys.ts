import type { CustomerListQuery } from '@shared/customers/customers.contracts';

const all = ['/api/customers'] as const;
const lists = [...all, 'list'] as const;

export const customerKeys = {
  all,
  lists,
  list: (query: CustomerListQuery) => [...lists, query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
};
