import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { XeroSyncLog } from '@shared/xero/xero.contracts';
import { getJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** GET /api/xero/sync-log: what was sent to Xero, newest first, with every call made. */
export function useXeroSyncLog(page: number) {
  return useQuery({
    queryKey: xeroKeys.syncLog(page),
    queryFn: () => getJson<XeroSyncLog>(`/api/xero/sync-log?page=${page}&pageSize=25`),
    placeholderData: keepPreviousData,
    // Documents go out in the background: follow them while any is waiting.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 3000 : false,
  });
}
