import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@web/lib/api-client';

/** The answer of GET /api/public-config: settings the signed-out pages need. */
export type PublicConfig = {
  /** The external identity provider's sign-up page (SIGNUP_URL), or null when not set. */
  signupUrl: string | null;
};

export function fetchPublicConfig(): Promise<PublicConfig> {
  return getJson<PublicConfig>('/api/public-config');
}

export const publicConfigQuery = queryOptions({
  queryKey: ['/api/public-config'] as const,
  queryFn: fetchPublicConfig,
  retry: false,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
