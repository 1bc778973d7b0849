import { useMutation } from '@tanstack/react-query';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { sendJson } from '@web/lib/api-client';

/**
 * POST /api/orders/:id/links/:purpose/resend (back office): asks for a new customer-form or
 * kit-arrived link to be sent; the old one stops working. Changes nothing the order page shows.
 */
export function resendOrderLink(id: string, purpose: PublicLinkPurpose) {
  return sendJson<{ ok: true }>(
    'POST',
    `/api/orders/${encodeURIComponent(id)}/links/${purpose}/resend`,
  );
}

export function useResendOrderLink(id: string) {
  return useMutation({ mutationFn: (purpose: PublicLinkPurpose) => resendOrderLink(id, purpose) });
}
