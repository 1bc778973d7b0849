import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Calendar, CalendarQuery } from '@shared/dispatch/dispatch.contracts';
import { getJson } from '@web/lib/api-client';
import { dispatchKeys } from './keys';

/** GET /api/dispatch/calendar: the week's visits across contractors (back office). */
export function fetchCalendar(query: Partial<CalendarQuery>): Promise<Calendar> {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const qs = params.toString();
  return getJson<Calendar>(`/api/dispatch/calendar${qs ? `?${qs}` : ''}`);
}

export function useCalendar(query: Partial<CalendarQuery>) {
  return useQuery({
    queryKey: dispatchKeys.calendar(query),
    queryFn: () => fetchCalendar(query),
    placeholderData: keepPreviousData,
  });
}
