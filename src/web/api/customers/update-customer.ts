import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, UpdateCustomerBody } from '@shared/customers/customers.contracts';
import { sendJson } from '@web/lib/api-client';
import { orderKeys } from '@web/api/orders/keys';
import { customerKeys } from './keys';

/** PATCH /api/customers/:id: names, contact, address, coordinates, notes. */
export function updateCustomer(id: string, body: UpdateCustomerBody): Promise<CustomerDetail> {
  return sendJson<CustomerDetail>('PATCH', `/api/customers/${encodeURIComponent(id)}`, body);
}

export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => updateCustomer(id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
        // Their orders show the customer's name and address.
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]);
    },
  });
}
