import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointBody,
  WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';
import { sendJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

export type EndpointWithSecret = { endpoint: WebhookEndpoint; secret: string };

/** POST /api/webhook-endpoints: answers the endpoint and its secret, shown this once. */
export function createWebhookEndpoint(body: CreateWebhookEndpointBody) {
  return sendJson<EndpointWithSecret>('POST', '/api/webhook-endpoints', body);
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
