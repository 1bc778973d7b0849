import { useQuery } from '@tanstack/react-query';
import type { MessageTemplate } from '@shared/messages/templates';
import { getJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

/** GET /api/messages/templates: every kind and channel, edited or default. */
export function useTemplates() {
  return useQuery({
    queryKey: messageKeys.templates,
    queryFn: () => getJson<{ templates: MessageTemplate[] }>('/api/messages/templates'),
  });
}
