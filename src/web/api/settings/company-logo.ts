import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanySettingsView } from '@shared/settings/settings.contracts';
import { sendJson } from '@web/lib/api-client';
import { settingsKeys } from './keys';

/** POST /api/settings/company/logo: the file's bytes, base64. */
export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataBase64: string) =>
      sendJson<CompanySettingsView>('POST', '/api/settings/company/logo', { dataBase64 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.general }),
  });
}

/** DELETE /api/settings/company/logo. */
export function useRemoveCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<CompanySettingsView>('DELETE', '/api/settings/company/logo'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.general }),
  });
}
