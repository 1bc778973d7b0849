import { useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** GET /api/webhook-settings: WEBHOOK_ALLOW_PRIVATE_TARGETS, read-only. */
export function fetchWebhookSettings() {
  return getJson<{ allowPrivateTargets: boolean }>('/api/webhook-settings');
}

export function useWebhookSettings() {
  return useQuery({ queryKey: webhookKeys.settings, queryFn: fetchWebhookSettings });
}
