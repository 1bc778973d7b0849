import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { webhookKeys } from './keys';

/** DELETE /api/webhook-endpoints/:id: the endpoint and its deliveries. */
export function deleteWebhookEndpoint(id: string) {
  return sendJson<null>('DELETE', `/api/webhook-endpoints/${encodeURIComponent(id)}`);
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
    },
  });
}
