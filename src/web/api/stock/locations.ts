import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockLocation } from '@shared/stock/stock.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

/** GET /api/stock/locations: warehouses, each contractor's depot and every engineer's van. */
export function fetchLocations() {
  return getJson<{ items: StockLocation[] }>('/api/stock/locations');
}

export const locationsQuery = queryOptions({
  queryKey: stockKeys.locations,
  queryFn: fetchLocations,
});

export function useLocations() {
  return useQuery(locationsQuery);
}

/** POST /api/stock/locations: a new warehouse (back office). */
export function createWarehouse(body: { name: string }) {
  return sendJson<StockLocation>('POST', '/api/stock/locations', body);
}

export function useCreateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.locations }),
  });
}
