// Query keys start with the endpoint's path so that every feature refreshes the same cache
// entries without importing each other: ['/api/orders', 'list', query], ['/api/orders',
// 'detail', id], ['/api/dashboard']. The customers, contractors and dashboard features use the
// same literal keys (docs/decisions: orders web query keys).
export const ordersKey = ['/api/orders'] as const;
export const orderListKey = ['/api/orders', 'list'] as const;
export const orderDetailKey = (id: string) => ['/api/orders', 'detail', id] as const;
export const orderByNumberKey = (orderNumber: string) =>
  ['/api/orders', 'by-number', orderNumber] as const;
export const dashboardKey = ['/api/dashboard'] as const;
export const assignmentQueueKey = ['/api/assignment-queue'] as const;
export const customersKey = ['/api/customers'] as const;
export const contractorsKey = ['/api/contractors'] as const;
