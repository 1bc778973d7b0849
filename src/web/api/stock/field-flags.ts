import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  fieldFlagPaths,
  type FieldFlag,
  type fieldFlagsResponse,
  type FieldFlagsQuery,
  type ResolveFieldFlagBody,
} from '@shared/stock/field-flags.contracts';
import { orderKeys } from '@web/api/orders/keys';
import { getJson, sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

/** GET /api/stock/field-flags: serials from the field that were not in the engineer's van. */
export function fetchFieldFlags(query: FieldFlagsQuery = {}) {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.orderId) params.set('orderId', query.orderId);
  const search = params.toString();
  return getJson<z.infer<typeof fieldFlagsResponse>>(
    `${fieldFlagPaths.list}${search ? `?${search}` : ''}`,
  );
}

export const fieldFlagsQueryOptions = (query: FieldFlagsQuery = {}) =>
  queryOptions({
    queryKey: stockKeys.fieldFlagList(query),
    queryFn: () => fetchFieldFlags(query),
  });

export function useFieldFlags(query: FieldFlagsQuery = {}) {
  return useQuery(fieldFlagsQueryOptions(query));
}

/** POST /api/stock/field-flags/:id/resolve: install the serial after all, or dismiss it. */
export function resolveFieldFlag(id: string, body: ResolveFieldFlagBody) {
  return sendJson<FieldFlag>('POST', fieldFlagPaths.resolve(id), body);
}

/**
 * Resolving may move stock (receive, transfer, install) and changes the order's flags: the
 * flags, the stock lists and the orders are fetched again.
 */
export function useResolveFieldFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveFieldFlagBody }) =>
      resolveFieldFlag(id, body),
    onSuccess: () =>
      Promise.all(
        [
          stockKeys.fieldFlags,
          stockKeys.levels,
          stockKeys.movements,
          stockKeys.serials,
          ['stock'],
          orderKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
