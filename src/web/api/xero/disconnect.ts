import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** POST /api/xero/disconnect: revokes the connection at Xero. */
export function disconnectXero() {
  return sendJson<{ revoked: boolean }>('POST', '/api/xero/disconnect');
}

export function useDisconnectXero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectXero,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: xeroKeys.status });
      queryClient.removeQueries({ queryKey: xeroKeys.options });
    },
  });
}
