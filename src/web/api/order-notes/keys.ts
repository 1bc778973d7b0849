export const orderNoteKeys = {
  notes: (orderId: string) => ['/api/orders', orderId, 'notes'] as const,
  mentionable: (orderId: string) => ['/api/orders', orderId, 'notes', 'mentionable'] as const,
};
