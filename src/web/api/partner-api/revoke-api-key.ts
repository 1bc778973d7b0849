import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@shared/partner-api/partner-api.contracts';
import { sendJson } from '@web/lib/api-client';
import { partnerApiKeys } from './keys';

/** POST /api/partner-api/keys/:id/revoke: the key stops working at once. */
export function revokeApiKey(id: string) {
  return sendJson<ApiKey>('POST', `/api/partner-api/keys/${encodeURIComponent(id)}/revoke`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerApiKeys.apiKeys }),
  });
}
