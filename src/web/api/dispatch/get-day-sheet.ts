import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DaySheet } from '@shared/dispatch/dispatch.contracts';
import { getJson } from '@web/lib/api-client';
import { dispatchKeys } from './keys';

/** GET /api/dispatch/day-sheet?date=&engineerId=: a day's visits per engineer, for print. */
export function fetchDaySheet(date: string, engineerId: string | null): Promise<DaySheet> {
  const query = new URLSearchParams({ date });
  if (engineerId) query.set('engineerId', engineerId);
  return getJson<DaySheet>(`/api/dispatch/day-sheet?${query}`);
}

export function daySheetQuery(date: string, engineerId: string | null) {
  return queryOptions({
    queryKey: dispatchKeys.daySheet(date, engineerId),
    queryFn: () => fetchDaySheet(date, engineerId),
  });
}

export function useDaySheet(date: string, engineerId: string | null) {
  return useQuery(daySheetQuery(date, engineerId));
}
