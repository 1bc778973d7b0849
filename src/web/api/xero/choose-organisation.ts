import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XeroStatus } from '@shared/xero/xero.contracts';
import { sendJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** PUT /api/xero/organisation: the organisation invoices and bills go to. */
export function chooseXeroOrganisation(tenantId: string) {
  return sendJson<XeroStatus>('PUT', '/api/xero/organisation', { tenantId });
}

export function useChooseXeroOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseXeroOrganisation,
    onSuccess: (status) => {
      queryClient.setQueryData(xeroKeys.status, status);
      void queryClient.invalidateQueries({ queryKey: xeroKeys.options });
    },
  });
}
