import { useQuery } from '@tanstack/react-query';
import type { XeroOptions } from '@shared/xero/xero.contracts';
import { getJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** GET /api/xero/options: the organisation's accounts and tax rates (only once connected). */
export function useXeroOptions(enabled: boolean) {
  return useQuery({
    queryKey: xeroKeys.options,
    queryFn: () => getJson<XeroOptions>('/api/xero/options'),
    enabled,
    staleTime: 5 * 60_000,
  });
}
