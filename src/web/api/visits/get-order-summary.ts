import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitPaths, type OrderSummaryResponse } from '@shared/visits/visit-record';
import { getJson } from '@web/lib/api-client';
import { visitKeys } from './keys';

/** GET /api/order-summary/:orderNumber: the completed installation and its certificate link. */
export function orderSummaryQuery(orderNumber: string) {
  return queryOptions({
    queryKey: visitKeys.orderSummary(orderNumber),
    queryFn: () => getJson<OrderSummaryResponse>(visitPaths.orderSummary(orderNumber)),
  });
}

export function useOrderSummary(orderNumber: string) {
  return useQuery(orderSummaryQuery(orderNumber));
}
