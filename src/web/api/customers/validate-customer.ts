import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { sendJson } from '@web/lib/api-client';
import { orderKeys } from '@web/api/orders/keys';
import { customerKeys } from './keys';

/** POST /api/customers/:id/validate: back office checked the customer and address. */
export function validateCustomer(id: string): Promise<CustomerDetail> {
  return sendJson<CustomerDetail>('POST', `/api/customers/${encodeURIComponent(id)}/validate`);
}

export function useValidateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => validateCustomer(id),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
        // An order's allowed moves depend on its customer's validation.
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]);
    },
  });
}
