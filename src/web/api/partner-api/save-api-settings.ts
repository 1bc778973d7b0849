import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerApiSettings } from '@shared/partner-api/partner-api.contracts';
import { sendJson } from '@web/lib/api-client';
import { partnerApiKeys } from './keys';

/** PUT /api/partner-api/settings. */
export function saveApiSettings(body: PartnerApiSettings) {
  return sendJson<PartnerApiSettings>('PUT', '/api/partner-api/settings', body);
}

export function useSaveApiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApiSettings,
    onSuccess: (saved) => queryClient.setQueryData(partnerApiKeys.settings, saved),
  });
}
