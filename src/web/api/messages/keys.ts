import type { ListMessagesQuery } from '@shared/messages/messages.contracts';

const all = ['/api/messages'] as const;

export const messageKeys = {
  all,
  list: (query: ListMessagesQuery) => [...all, query] as const,
};
