import { useQuery } from '@tanstack/react-query';
import type { ProviderState } from '@shared/messages/messages.contracts';
import { getJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

/** GET /api/messages/provider: where texts and emails go now, and the SMS sender. */
export function useProviderState() {
  return useQuery({
    queryKey: messageKeys.provider,
    queryFn: () => getJson<ProviderState>('/api/messages/provider'),
  });
}
