import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitArrivedBody } from '@shared/customer-links/kit-arrived.contracts';
import { sendJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** POST /api/public/kit-arrived/:token (public): confirms delivery once. */
export function confirmKitArrived(token: string, body: KitArrivedBody) {
  return sendJson<{ confirmedAt: string }>(
    'POST',
    `/api/public/kit-arrived/${encodeURIComponent(token)}`,
    body,
  );
}

export function useConfirmKitArrived(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KitArrivedBody) => confirmKitArrived(token, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: customerLinkKeys.kitArrived(token) }),
  });
}
