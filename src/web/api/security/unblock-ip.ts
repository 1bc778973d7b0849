import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { partnerApiKeys } from '@web/api/partner-api/keys';

/** DELETE /api/blocked-ips/:id: the block ends now. */
export function unblockIp(id: string) {
  return sendJson<{ message: string }>('DELETE', `/api/blocked-ips/${encodeURIComponent(id)}`);
}

export function useUnblockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerApiKeys.blockedIps }),
  });
}
