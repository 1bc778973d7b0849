import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedIp } from '@shared/partner-api/partner-api.contracts';
import { getJson } from '@web/lib/api-client';
import { partnerApiKeys } from '@web/api/partner-api/keys';

/** GET /api/blocked-ips: the blocks in force (automatic and manual). */
export function fetchBlockedIps() {
  return getJson<{ blockedIps: BlockedIp[] }>('/api/blocked-ips');
}

export const blockedIpsQuery = queryOptions({
  queryKey: partnerApiKeys.blockedIps,
  queryFn: fetchBlockedIps,
});

export function useBlockedIps() {
  return useQuery(blockedIpsQuery);
}
