import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryListQuery,
} from '@shared/webhooks/webhooks.contracts';
import type { CursorPageFields } from '@shared/schema/paging.contracts';
import { getJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

export type WebhookDeliveryList = CursorPageFields & {
  items: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
};

/** GET /api/webhook-deliveries: newest first, by endpoint and status. */
export function fetchWebhookDeliveries(query: WebhookDeliveryListQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return getJson<WebhookDeliveryList>(`/api/webhook-deliveries?${params}`);
}

export function useWebhookDeliveries(query: WebhookDeliveryListQuery) {
  return useQuery({
    queryKey: webhookKeys.deliveryList(query),
    queryFn: () => fetchWebhookDeliveries(query),
    placeholderData: keepPreviousData,
    // Deliveries move in the background (retries): keep the list fresh while it is open.
    refetchInterval: 5_000,
  });
}
