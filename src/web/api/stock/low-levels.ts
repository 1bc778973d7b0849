import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lowLevelBody, lowLevelsResponse } from '@shared/stock/stock.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

export type LowLevels = z.infer<typeof lowLevelsResponse>;
export type LowLevelBody = z.infer<typeof lowLevelBody>;

/** GET /api/stock/low-levels?productId=: a product's alert level at each location that has one. */
export function fetchLowLevels(productId: string) {
  return getJson<LowLevels>(`/api/stock/low-levels?productId=${encodeURIComponent(productId)}`);
}

export const lowLevelsQuery = (productId: string) =>
  queryOptions({
    queryKey: stockKeys.lowLevels(productId),
    queryFn: () => fetchLowLevels(productId),
  });

export function useLowLevels(productId: string) {
  return useQuery(lowLevelsQuery(productId));
}

/** PUT /api/stock/low-levels: one product's alert level at one location (0 removes it). */
export function setLowLevel(body: LowLevelBody) {
  return sendJson<void>('PUT', '/api/stock/low-levels', body);
}

/** Saves several of a product's levels, one call each, then refreshes what shows them. */
export function useSetLowLevels(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (levels: { locationId: string; level: number }[]) => {
      for (const level of levels) await setLowLevel({ productId, ...level });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.lowLevels(productId) }),
        queryClient.invalidateQueries({ queryKey: stockKeys.levels }),
      ]),
  });
}
