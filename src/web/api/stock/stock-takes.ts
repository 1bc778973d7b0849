import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stockTakeBody, stockTakeSheet } from '@shared/stock/stock.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import type { StockBatch } from './transfers';

export type StockTakeSheet = z.infer<typeof stockTakeSheet>;
export type StockTakeBody = z.input<typeof stockTakeBody>;

/** GET /api/stock/stock-takes/sheet: what the ledger expects at a location. */
export const stockTakeSheetQuery = (locationId: string) =>
  queryOptions({
    queryKey: ['stock', 'stock-take-sheet', locationId],
    queryFn: () =>
      getJson<StockTakeSheet>(
        `/api/stock/stock-takes/sheet?locationId=${encodeURIComponent(locationId)}`,
      ),
    // A count starts from what is expected now, not from a remembered sheet.
    staleTime: 0,
  });

export function useStockTakeSheet(locationId: string | null) {
  return useQuery({ ...stockTakeSheetQuery(locationId ?? ''), enabled: !!locationId });
}

/** POST /api/stock/stock-takes: every difference adjusted in one step, with one reason. */
export function applyStockTake(body: StockTakeBody) {
  return sendJson<StockBatch>('POST', '/api/stock/stock-takes', body);
}

export function useApplyStockTake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyStockTake,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}
