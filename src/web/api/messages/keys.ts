import type { ListMessagesQuery } from '@shared/messages/messages.contracts';

const all = ['/api/messages'] as const;

export const messageKeys = {
  all,
  list: (query: ListMessagesQuery) => [...all, query] as const,
  provider: ['/api/messages/provider'] as const,
  templates: ['/api/messages/templates'] as const,
  smsLogin: ['/api/sms-settings/login'] as const,
};
