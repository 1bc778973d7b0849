import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalView } from '@shared/customer-journey/portal.contracts';
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

export function usePortal(orderNumber: string) {
  return useQuery(portalQuery(orderNumber));
}
