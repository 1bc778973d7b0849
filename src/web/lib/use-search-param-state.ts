import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A list's state kept in the URL's search parameters, and a setter that writes it back: a change
 * of filter or search starts again at page 1 (and drops a page cursor); `replace` keeps typing
 * out of the back button's history. `parse` and `serialize` must be stable (module-level
 * functions).
 */
export function useSearchParamState<State extends { page: number; cursor?: string }>(
  parse: (search: string) => State,
  serialize: (state: State) => string,
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parse(search), [parse, search]);

  const update = useCallback(
    (patch: Partial<State>, options: { replace?: boolean } = {}) => {
      const restart = 'cursor' in state ? { page: 1, cursor: '' } : { page: 1 };
      const next: State = { ...state, ...restart, ...patch };
      const query = serialize(next);
      navigate(query ? `${location}?${query}` : location, { replace: options.replace ?? false });
    },
    [state, serialize, location, navigate],
  );

  return [state, update] as const;
}
