import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** POST /api/xero/send-since: invoices and bills for orders completed since a day. */
export function sendXeroSince(body: { since: string }) {
  return sendJson<{ orders: number; queued: number }>('POST', '/api/xero/send-since', body);
}

export function useSendXeroSince() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendXeroSince,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: xeroKeys.syncLogAll }),
  });
}
