import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/stock/stock.contracts';
import { getJson } from '@web/lib/api-client';

/** GET /api/stock/products: the catalogue (a contractor's without unit costs). */
export const stockProductOptionsQuery = queryOptions({
  queryKey: ['stock', 'product-options'],
  queryFn: () => getJson<{ items: Product[] }>('/api/stock/products'),
});

export function useStockProductOptions() {
  return useQuery(stockProductOptionsQuery);
}
