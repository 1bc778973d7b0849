import { useQuery } from '@tanstack/react-query';
import type { XeroDocument } from '@shared/xero/xero.contracts';
import { getJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** GET /api/xero/orders/:id/documents: the order's invoice, bill and credit note in Xero. */
export function useOrderXeroDocuments(orderId: string, enabled = true) {
  return useQuery({
    queryKey: xeroKeys.order(orderId),
    queryFn: () =>
      getJson<{ items: XeroDocument[] }>(
        `/api/xero/orders/${encodeURIComponent(orderId)}/documents`,
      ),
    enabled,
  });
}
