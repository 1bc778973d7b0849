import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedIp, BlockIpBody } from '@shared/partner-api/partner-api.contracts';
import { sendJson } from '@web/lib/api-client';
import { partnerApiKeys } from '@web/api/partner-api/keys';

/** POST /api/blocked-ips: an address or a range, with a reason and an expiry. */
export function blockIp(body: BlockIpBody) {
  return sendJson<BlockedIp>('POST', '/api/blocked-ips', body);
}

export function useBlockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerApiKeys.blockedIps }),
  });
}
