import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XeroSettings, XeroStatus } from '@shared/xero/xero.contracts';
import { sendJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** PUT /api/xero/settings: checked against the organisation's accounts and tax rates. */
export function saveXeroSettings(body: XeroSettings) {
  return sendJson<XeroStatus>('PUT', '/api/xero/settings', body);
}

export function useSaveXeroSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveXeroSettings,
    onSuccess: (status) => queryClient.setQueryData(xeroKeys.status, status),
  });
}
