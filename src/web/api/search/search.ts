import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchLimits, type SearchResponse } from '@shared/search/search.contracts';
import { getJson } from '@web/lib/api-client';

const searchKey = ['/api/search'] as const;

/** GET /api/search?q=: the top bar's search, scoped to the signed-in role on the server. */
export function fetchSearch(q: string): Promise<SearchResponse> {
  return getJson<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`);
}

export function searchQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: [...searchKey, term] as const,
    queryFn: () => fetchSearch(term),
    enabled: term.length >= searchLimits.minLength && term.length <= searchLimits.maxLength,
    placeholderData: keepPreviousData,
    // Orders change all day: a search is worth keeping for a moment only.
    staleTime: 10_000,
  });
}

export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
