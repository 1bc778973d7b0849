// The visit record's queries. ['/api/visits'] prefixes them all, so a visit change refreshes
// every record view at once.
const all = ['/api/visits'] as const;

export const visitKeys = {
  all,
  installation: (orderId: string) => [...all, 'installation', orderId] as const,
  orderSummary: (orderNumber: string) => [...all, 'order-summary', orderNumber] as const,
};
