import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { batchResponse, TransferBody } from '@shared/stock/stock.contracts';
import { sendJson } from '@web/lib/api-client';

export type StockBatch = z.infer<typeof batchResponse>;

/** POST /api/stock/transfers: several lines from one location to another, as one step. */
export function transferStock(body: TransferBody) {
  return sendJson<StockBatch>('POST', '/api/stock/transfers', body);
}

export function useTransferStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}
