import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { settingsKeys } from './keys';

/** The sections of /settings, each saved by PUT /api/settings/<section>. */
export type SettingsSection =
  | 'company'
  | 'sla'
  | 'booking'
  | 'bank-holidays'
  | 'two-factor'
  | 'sessions'
  | 'map-tiles'
  | 'retention';

/** PUT /api/settings/<section>. */
export function saveSettingsSection<T>(section: SettingsSection, body: T) {
  return sendJson<T>('PUT', `/api/settings/${section}`, body);
}

export function useSaveSettingsSection<T>(section: SettingsSection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => saveSettingsSection(section, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.general }),
  });
}
