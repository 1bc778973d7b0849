export const customerOrderKeys = { all: ['/api/customer/orders'] as const };
