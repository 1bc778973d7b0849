// Literal keys shared by convention with the orders feature (orders/api/query-keys.ts).
export const contractorsKey = ['/api/contractors'] as const;
export const contractorListKey = ['/api/contractors', 'list'] as const;
export const contractorDetailKey = (id: string) => ['/api/contractors', 'detail', id] as const;
export const contractorEngineersKey = (id: string) =>
  ['/api/contractors', 'engineers', id] as const;
export const assignmentQueueKey = ['/api/assignment-queue'] as const;
export const orderListKey = ['/api/orders', 'list'] as const;
export const orderDetailKey = (id: string) => ['/api/orders', 'detail', id] as const;
export const dashboardKey = ['/api/dashboard'] as const;
export const usersKey = ['/api/users'] as const;
