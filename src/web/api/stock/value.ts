import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockValue } from '@shared/stock/stock-reports.contracts';
import { getJson } from '@web/lib/api-client';

/** GET /api/stock/value: units and value (level × unit cost) by location; back office only. */
export const stockValueQuery = queryOptions({
  queryKey: ['stock', 'value'],
  queryFn: () => getJson<StockValue>('/api/stock/value'),
});

export function useStockValue() {
  return useQuery(stockValueQuery);
}
