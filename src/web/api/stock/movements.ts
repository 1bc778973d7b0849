import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Movement, MovementKind } from '@shared/stock/stock.contracts';
import { getJson } from '@web/lib/api-client';

export type MovementsFilters = {
  from?: string;
  to?: string;
  kind?: MovementKind;
  locationId?: string;
};

/** The filters as a query string (shared with the CSV export). */
export function movementsSearch(filters: MovementsFilters, cursor?: string) {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'kind', 'locationId'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/stock/movements: the ledger by period, kind and location, newest first. */
export const movementsQuery = (filters: MovementsFilters) =>
  infiniteQueryOptions({
    queryKey: ['stock', 'movements', filters],
    queryFn: ({ pageParam }) =>
      getJson<{ items: Movement[]; nextCursor: string | null }>(
        `/api/stock/movements${movementsSearch(filters, pageParam ?? undefined)}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useStockMovements(filters: MovementsFilters) {
  return useInfiniteQuery(movementsQuery(filters));
}
