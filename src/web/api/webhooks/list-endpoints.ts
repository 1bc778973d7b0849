import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
import { getJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** GET /api/webhook-endpoints: every partner's endpoints (secrets only as a hint). */
export function fetchWebhookEndpoints() {
  return getJson<{ items: WebhookEndpoint[] }>('/api/webhook-endpoints');
}

export const webhookEndpointsQuery = queryOptions({
  queryKey: webhookKeys.endpoints,
  queryFn: fetchWebhookEndpoints,
});

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery);
}
