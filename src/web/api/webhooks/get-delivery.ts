import { useQuery } from '@tanstack/react-query';
import type { WebhookDeliveryDetail } from '@shared/webhooks/webhooks.contracts';
import { getJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** GET /api/webhook-deliveries/:id: the body and every attempt (request, response, timing). */
export function fetchWebhookDelivery(id: string) {
  return getJson<WebhookDeliveryDetail>(`/api/webhook-deliveries/${encodeURIComponent(id)}`);
}

export function useWebhookDelivery(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(id ?? ''),
    queryFn: () => fetchWebhookDelivery(id!),
    enabled: id !== null,
  });
}
