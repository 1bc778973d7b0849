import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@shared/partner-api/partner-api.contracts';
import { getJson } from '@web/lib/api-client';
import { partnerApiKeys, toSearch } from './keys';

/** GET /api/partner-api/keys: every partner's keys (revoked ones on request). */
export function fetchApiKeys(includeRevoked: boolean) {
  return getJson<{ items: ApiKey[] }>(
    `/api/partner-api/keys${toSearch({ includeRevoked: includeRevoked ? 'true' : undefined })}`,
  );
}

export const apiKeysQuery = (includeRevoked: boolean) =>
  queryOptions({
    queryKey: partnerApiKeys.apiKeyList(includeRevoked),
    queryFn: () => fetchApiKeys(includeRevoked),
  });

export function useApiKeys(includeRevoked: boolean) {
  return useQuery(apiKeysQuery(includeRevoked));
}
