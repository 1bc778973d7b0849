import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateApiKeyBody,
  CreateApiKeyResponse,
} from '@shared/partner-api/partner-api.contracts';
import { sendJson } from '@web/lib/api-client';
import { partnerApiKeys } from './keys';

/** POST /api/partner-api/keys: the answer holds the key, shown once. */
export function createApiKey(body: CreateApiKeyBody) {
  return sendJson<CreateApiKeyResponse>('POST', '/api/partner-api/keys', body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerApiKeys.apiKeys }),
  });
}
