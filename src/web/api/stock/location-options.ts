import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockLocation } from '@shared/stock/stock.contracts';
import { getJson } from '@web/lib/api-client';

/** GET /api/stock/locations: the places the user may see (a contractor: its depot and vans). */
export const stockLocationOptionsQuery = queryOptions({
  queryKey: ['stock', 'location-options'],
  queryFn: () => getJson<{ items: StockLocation[] }>('/api/stock/locations'),
});

export function useStockLocationOptions() {
  return useQuery(stockLocationOptionsQuery);
}
