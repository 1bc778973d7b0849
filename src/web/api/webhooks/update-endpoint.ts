import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';
import { sendJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** PATCH /api/webhook-endpoints/:id: URL, events, description, enabled. */
export function updateWebhookEndpoint(input: { id: string; changes: UpdateWebhookEndpointBody }) {
  return sendJson<WebhookEndpoint>(
    'PATCH',
    `/api/webhook-endpoints/${encodeURIComponent(input.id)}`,
    input.changes,
  );
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
    },
  });
}
