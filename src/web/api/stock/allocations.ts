import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { allocateBody } from '@shared/stock/stock.contracts';
import type { OrderKit } from '@shared/stock/stock-reports.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import type { StockBatch } from './transfers';

/** GET /api/stock/order-kit: the order (by its number) and its job type's kit. */
export function fetchOrderKit(orderNumber: string) {
  return getJson<OrderKit>(`/api/stock/order-kit?orderNumber=${encodeURIComponent(orderNumber)}`);
}

export function useFindOrderKit() {
  return useMutation({ mutationFn: fetchOrderKit });
}

/** POST /api/stock/allocations: sets the order's kit aside at a location. */
export function allocateKit(body: z.input<typeof allocateBody>) {
  return sendJson<StockBatch>('POST', '/api/stock/allocations', body);
}

export function useAllocateKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateKit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}
