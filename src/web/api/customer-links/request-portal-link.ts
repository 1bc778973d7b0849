import { useMutation } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';

/**
 * POST /api/public/portal/:orderNumber/send-link: asks for the signed portal link to be texted
 * and emailed to the contact details we hold. The answer is the same whether or not the order
 * exists, so it changes no cached query.
 */
export function requestPortalLink(orderNumber: string) {
  return sendJson<{ ok: true }>(
    'POST',
    `/api/public/portal/${encodeURIComponent(orderNumber)}/send-link`,
  );
}

export function useRequestPortalLink(orderNumber: string) {
  return useMutation({ mutationFn: () => requestPortalLink(orderNumber) });
}
