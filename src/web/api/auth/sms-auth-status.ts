import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsAuthStatusResponse } from '@shared/auth/auth.contracts';
import { getJson } from '@web/lib/api-client';
import { authKeys } from './keys';

/** GET /api/sms-auth-status (spec §7). */
export function fetchSmsAuthStatus(): Promise<SmsAuthStatusResponse> {
  return getJson<SmsAuthStatusResponse>('/api/sms-auth-status');
}

/** spec §7: no retry; refetched when the window regains focus. */
export const smsAuthStatusQuery = queryOptions({
  queryKey: authKeys.smsAuthStatus,
  queryFn: fetchSmsAuthStatus,
  retry: false,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** Whether SMS sign-in is on; a failed or pending check counts as off (spec §7). */
export function useSmsAuthEnabled(): boolean {
  const { data, isError } = useQuery(smsAuthStatusQuery);
  return !isError && data?.smsAuthenticationEnabled === true;
}
