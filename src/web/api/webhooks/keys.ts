import type { WebhookDeliveryListQuery } from '@shared/webhooks/webhooks.contracts';

const endpoints = ['/api/webhook-endpoints'] as const;
const deliveries = ['/api/webhook-deliveries'] as const;

export const webhookKeys = {
  endpoints,
  deliveries,
  deliveryList: (query: WebhookDeliveryListQuery) => [...deliveries, 'list', query] as const,
  delivery: (id: string) => [...deliveries, id] as const,
  settings: ['/api/webhook-settings'] as const,
};
