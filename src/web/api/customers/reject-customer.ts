import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { sendJson } from '@web/lib/api-client';
import { orderKeys } from '@web/api/orders/keys';
import { customerKeys } from './keys';

/** POST /api/customers/:id/reject: the details are wrong; the reason says why. */
export function rejectCustomer(id: string, reason: string): Promise<CustomerDetail> {
  return sendJson<CustomerDetail>('POST', `/api/customers/${encodeURIComponent(id)}/reject`, {
    reason,
  });
}

export function useRejectCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectCustomer(id, reason),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
        // A rejected customer's orders can no longer be validated.
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]);
    },
  });
}
