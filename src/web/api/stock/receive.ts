import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { batchResponse, ReceiveBody } from '@shared/stock/stock.contracts';
import { sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

export type Batch = z.infer<typeof batchResponse>;

/**
 * POST /api/stock/receive: goods in at a location with supplier and delivery note. A list of
 * serials with repeats or known serials is refused whole (409 SERIALS_REFUSED, naming them).
 */
export function receiveStock(body: ReceiveBody) {
  return sendJson<Batch>('POST', '/api/stock/receive', body);
}

export function useReceiveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveStock,
    onSuccess: () =>
      Promise.all(
        [stockKeys.levels, stockKeys.movements, stockKeys.serials].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
