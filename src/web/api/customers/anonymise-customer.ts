import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnonymiseCustomerResponse } from '@shared/customers/customer-data.contracts';
import { sendJson } from '@web/lib/api-client';
import { orderKeys } from '@web/api/orders/keys';
import { customerKeys } from './keys';

/**
 * POST /api/customers/:id/anonymise: replaces the customer's personal data, removes their files
 * and ends their links and sessions (issue 21). Refused while an order is open.
 */
export function anonymiseCustomer(id: string): Promise<AnonymiseCustomerResponse> {
  return sendJson<AnonymiseCustomerResponse>(
    'POST',
    `/api/customers/${encodeURIComponent(id)}/anonymise`,
  );
}

export function useAnonymiseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => anonymiseCustomer(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        // Orders show the customer's name and address.
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
