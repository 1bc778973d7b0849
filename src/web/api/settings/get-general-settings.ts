import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeneralSettings } from '@shared/settings/settings.contracts';
import { getJson } from '@web/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/settings/general: every section of /settings. */
export function fetchGeneralSettings() {
  return getJson<GeneralSettings>('/api/settings/general');
}

export const generalSettingsQuery = queryOptions({
  queryKey: settingsKeys.general,
  queryFn: fetchGeneralSettings,
});

export function useGeneralSettings() {
  return useQuery(generalSettingsQuery);
}
