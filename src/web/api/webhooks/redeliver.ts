import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryDetail } from '@shared/webhooks/webhooks.contracts';
import { sendJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** POST /api/webhook-deliveries/:id/redeliver: a new attempt now, same webhook-id. */
export function redeliverWebhook(id: string) {
  return sendJson<WebhookDeliveryDetail>(
    'POST',
    `/api/webhook-deliveries/${encodeURIComponent(id)}/redeliver`,
  );
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (detail) => {
      queryClient.setQueryData(webhookKeys.delivery(detail.id), detail);
      // The detail is the answer itself; only the lists need reading again.
      void queryClient.invalidateQueries({ queryKey: [...webhookKeys.deliveries, 'list'] });
    },
  });
}
