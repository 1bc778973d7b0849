import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignupInfoResponse } from '@shared/auth/auth.contracts';
import { getJson } from '@web/lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/signup-info (public): the identity provider's sign-up page, or null. */
export function fetchSignupInfo(): Promise<SignupInfoResponse> {
  return getJson<SignupInfoResponse>('/api/auth/signup-info');
}

export const signupInfoQuery = queryOptions({
  queryKey: authKeys.signupInfo,
  queryFn: fetchSignupInfo,
  retry: false,
});

export function useSignupInfo() {
  return useQuery(signupInfoQuery);
}
