import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

export type PortalProof = { postcode: string } | { e: string; s: string };

/**
 * POST /api/public/portal/:orderNumber/proof (postcode) or /link (signed link from a message):
 * opens the portal for this order in this browser (an httpOnly cookie).
 */
export function provePortal(orderNumber: string, proof: PortalProof) {
  const kind = 'postcode' in proof ? 'proof' : 'link';
  return sendJson<{ ok: true }>(
    'POST',
    `/api/public/portal/${encodeURIComponent(orderNumber)}/${kind}`,
    proof,
  );
}

export function useProvePortal(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: PortalProof) => provePortal(orderNumber, proof),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerLinkKeys.portal(orderNumber) }),
  });
}
