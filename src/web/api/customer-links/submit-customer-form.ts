import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerFormFields } from '@shared/customer-links/customer-form.contracts';
import { sendJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** POST /api/public/customer-form/:token (public): sends the answers once. */
export function submitCustomerForm(token: string, answers: CustomerFormFields) {
  return sendJson<{ submittedAt: string }>(
    'POST',
    `/api/public/customer-form/${encodeURIComponent(token)}`,
    answers,
  );
}

export function useSubmitCustomerForm(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: CustomerFormFields) => submitCustomerForm(token, answers),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: customerLinkKeys.customerForm(token) }),
  });
}
