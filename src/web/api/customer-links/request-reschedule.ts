import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleRequestBody } from '@shared/customer-links/portal.contracts';
import { sendJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** POST /api/public/portal/:orderNumber/reschedule-request (portal session). */
export function requestReschedule(orderNumber: string, body: RescheduleRequestBody) {
  return sendJson<{ ok: true }>(
    'POST',
    `/api/public/portal/${encodeURIComponent(orderNumber)}/reschedule-request`,
    body,
  );
}

export function useRequestReschedule(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RescheduleRequestBody) => requestReschedule(orderNumber, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerLinkKeys.portal(orderNumber) }),
  });
}
