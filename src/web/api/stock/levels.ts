import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { levelsResponse, StockCategory } from '@shared/stock/stock.contracts';
import { getJson } from '@web/lib/api-client';

export type LevelsFilters = {
  productId?: string;
  locationId?: string;
  category?: StockCategory;
  low?: boolean;
};
export type StockLevel = z.infer<typeof levelsResponse>['items'][number];

/** The filters as a query string (shared with the CSV export). */
export function levelsSearch(filters: LevelsFilters, cursor?: string) {
  const params = new URLSearchParams();
  if (filters.productId) params.set('productId', filters.productId);
  if (filters.locationId) params.set('locationId', filters.locationId);
  if (filters.category) params.set('category', filters.category);
  if (filters.low) params.set('low', 'true');
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/stock/levels: levels by product and location, a page at a time. */
export const levelsQuery = (filters: LevelsFilters) =>
  infiniteQueryOptions({
    queryKey: ['stock', 'levels', filters],
    queryFn: ({ pageParam }) =>
      getJson<z.infer<typeof levelsResponse>>(
        `/api/stock/levels${levelsSearch(filters, pageParam ?? undefined)}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useStockLevels(filters: LevelsFilters) {
  return useInfiniteQuery(levelsQuery(filters));
}
