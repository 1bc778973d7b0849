// Literal keys shared by convention with the orders feature (orders/api/query-keys.ts): a
// customer's name, contact and validation appear in its orders, so customer changes refresh
// every '/api/orders' query too.
export const customersKey = ['/api/customers'] as const;
export const customerListKey = ['/api/customers', 'list'] as const;
export const customerDetailKey = (id: string) => ['/api/customers', 'detail', id] as const;
export const ordersKey = ['/api/orders'] as const;
