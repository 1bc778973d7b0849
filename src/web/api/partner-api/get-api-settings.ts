import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerApiSettings } from '@shared/partner-api/partner-api.contracts';
import { getJson } from '@web/lib/api-client';
import { partnerApiKeys } from './keys';

/** GET /api/partner-api/settings: rate limit, log retention, default ranges. */
export function fetchApiSettings() {
  return getJson<PartnerApiSettings>('/api/partner-api/settings');
}

export const apiSettingsQuery = queryOptions({
  queryKey: partnerApiKeys.settings,
  queryFn: fetchApiSettings,
});

export function useApiSettings() {
  return useQuery(apiSettingsQuery);
}
