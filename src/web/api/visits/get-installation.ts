import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitPaths, type InstallationResponse } from '@shared/visits/visit-record';
import { getJson } from '@web/lib/api-client';
import { visitKeys } from './keys';

/** GET /api/orders/:orderId/installation: every visit's record of the order. */
export function installationQuery(orderId: string) {
  return queryOptions({
    queryKey: visitKeys.installation(orderId),
    queryFn: () => getJson<InstallationResponse>(visitPaths.installation(orderId)),
  });
}

export function useInstallation(orderId: string) {
  return useQuery(installationQuery(orderId));
}
