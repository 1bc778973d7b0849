import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '@shared/dispatch/dispatch.contracts';
import { getJson } from '@web/lib/api-client';
import { dispatchKeys } from './keys';

/** GET /api/dispatch/board?week=: the week's engineers, visits and the orders waiting. */
export function fetchBoard(week: string | null): Promise<Board> {
  return getJson<Board>(`/api/dispatch/board${week ? `?week=${encodeURIComponent(week)}` : ''}`);
}

export function boardQuery(week: string | null) {
  return queryOptions({
    queryKey: dispatchKeys.board(week),
    queryFn: () => fetchBoard(week),
    placeholderData: keepPreviousData,
  });
}

export function useBoard(week: string | null) {
  return useQuery(boardQuery(week));
}
