/** Cache keys of the Xero calls (decision 020). */
export const xeroKeys = {
  status: ['/api/xero'] as const,
  options: ['/api/xero/options'] as const,
  contacts: ['/api/xero/contacts'] as const,
  syncLog: (page: number) => ['/api/xero/sync-log', page] as const,
  syncLogAll: ['/api/xero/sync-log'] as const,
  order: (orderId: string) => ['/api/xero/orders', orderId, 'documents'] as const,
};
