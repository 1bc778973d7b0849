export const customerLinkKeys = {
  customerForm: (token: string) => ['/api/public/customer-form', token] as const,
  kitArrived: (token: string) => ['/api/public/kit-arrived', token] as const,
  portal: (orderNumber: string) => ['/api/public/portal', orderNumber] as const,
  terms: ['/api/public/terms'] as const,
};
