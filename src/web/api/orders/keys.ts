import type { OrderListQuery } from '@shared/orders/orders.contracts';

// ['/api/orders'] is the prefix of every order query: a change that touches every order view
// (a customer's details, a contractor's decline) invalidates `all`.
const all = ['/api/orders'] as const;
const lists = [...all, 'list'] as const;

export const orderKeys = {
  all,
  lists,
  list: (query: OrderListQuery) => [...lists, query] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  byNumber: (orderNumber: string) => [...all, 'by-number', orderNumber] as const,
};
