import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalView } from '@shared/customer-links/portal.contracts';
import { getJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** GET /api/public/portal/:orderNumber (public; 401 PORTAL_PROOF_REQUIRED until proven). */
export function fetchPortal(orderNumber: string): Promise<PortalView> {
  return getJson<PortalView>(`/api/public/portal/${encodeURIComponent(orderNumber)}`);
}

export const portalQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: customerLinkKeys.portal(orderNumber),
    queryFn: () => fetchPortal(orderNumber),
    retry: false,
  });

/** `enabled: false` holds the read back, e.g. until a signed link has opened the portal. */
export function usePortal(orderNumber: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...portalQuery(orderNumber), enabled });
}
