import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidateResetTokenResponse } from '@shared/auth/auth.contracts';
import { getJson } from '@web/lib/api-client';
import { authKeys } from './keys';

/** GET /api/validate-reset-token?token= (spec §7): the account the link sets up. */
export function validateResetToken(token: string): Promise<ValidateResetTokenResponse> {
  return getJson<ValidateResetTokenResponse>(
    `/api/validate-reset-token?token=${encodeURIComponent(token)}`,
  );
}

export function validateResetTokenQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.validateResetToken(token),
    queryFn: () => validateResetToken(token),
    retry: false,
  });
}

export function useValidateResetToken(token: string | null) {
  return useQuery({ ...validateResetTokenQuery(token ?? ''), enabled: Boolean(token) });
}
