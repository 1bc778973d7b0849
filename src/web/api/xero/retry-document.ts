import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XeroDocument } from '@shared/xero/xero.contracts';
import { sendJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** POST /api/xero/documents/:id/retry: a new attempt now. */
export function retryXeroDocument(id: string) {
  return sendJson<XeroDocument>('POST', `/api/xero/documents/${encodeURIComponent(id)}/retry`);
}

export function useRetryXeroDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryXeroDocument,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: xeroKeys.syncLogAll });
      void queryClient.invalidateQueries({ queryKey: xeroKeys.status });
    },
  });
}
