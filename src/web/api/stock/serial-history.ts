import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SerialHistory } from '@shared/stock/stock.contracts';
import { getJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

/** GET /api/stock/serials/:serial/history: the serial, where it is, and every step it made. */
export function fetchSerialHistory(serial: string) {
  return getJson<SerialHistory>(`/api/stock/serials/${encodeURIComponent(serial)}/history`);
}

export const serialHistoryQuery = (serial: string) =>
  queryOptions({
    queryKey: stockKeys.serialHistory(serial),
    queryFn: () => fetchSerialHistory(serial),
    enabled: serial !== '',
    retry: false,
  });

export function useSerialHistory(serial: string) {
  return useQuery(serialHistoryQuery(serial));
}
