import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KitArrivedPage } from '@shared/customer-links/kit-arrived.contracts';
import { getJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** GET /api/public/kit-arrived/:token (public). */
export function fetchKitArrived(token: string): Promise<KitArrivedPage> {
  return getJson<KitArrivedPage>(`/api/public/kit-arrived/${encodeURIComponent(token)}`);
}

export const kitArrivedQuery = (token: string) =>
  queryOptions({
    queryKey: customerLinkKeys.kitArrived(token),
    queryFn: () => fetchKitArrived(token),
    staleTime: Infinity,
  });

export function useKitArrived(token: string) {
  return useQuery(kitArrivedQuery(token));
}
