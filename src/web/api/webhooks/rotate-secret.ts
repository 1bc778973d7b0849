import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import type { EndpointWithSecret } from './create-endpoint';
import { webhookKeys } from './keys';

/** POST /api/webhook-endpoints/:id/rotate-secret: the new secret, shown this once. */
export function rotateWebhookSecret(id: string) {
  return sendJson<EndpointWithSecret>(
    'POST',
    `/api/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`,
  );
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
