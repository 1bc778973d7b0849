import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseListState, serializeListState, type OrderListState } from './list-search-params';

/**
 * The list's state from the URL, and a setter that writes it back: a change of filter or search
 * starts again at page 1; `replace` keeps typing out of the back button's history.
 */
export function useListState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseListState(search), [search]);

  const update = useCallback(
    (patch: Partial<OrderListState>, options: { replace?: boolean } = {}) => {
      const resetsPage = Object.keys(patch).some((key) => key !== 'page');
      const next: OrderListState = { ...state, ...patch };
      if (resetsPage && patch.page === undefined) next.page = 1;
      const query = serializeListState(next);
      navigate(query ? `${location}?${query}` : location, { replace: options.replace ?? false });
    },
    [state, location, navigate],
  );

  return [state, update] as const;
}
