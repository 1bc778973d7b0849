import { queryOptions, useQuery } from '@tanstack/react-query';
import type { XeroStatus } from '@shared/xero/xero.contracts';
import { getJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** GET /api/xero: whether Xero is set up and connected, and the settings. */
export const xeroStatusQuery = () =>
  queryOptions({ queryKey: xeroKeys.status, queryFn: () => getJson<XeroStatus>('/api/xero') });

export function useXeroStatus() {
  return useQuery(xeroStatusQuery());
}
