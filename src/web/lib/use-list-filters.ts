import { useState } from 'react';

/**
 * A list's filters and page kept in the component (lists whose state is not in the URL): a
 * change of filter starts again at page 1.
 */
export function useListFilters<Filters extends object>(initial: Filters) {
  const [state, setState] = useState<Filters & { page: number; cursor: string }>({
    ...initial,
    page: 1,
    cursor: '',
  });
  const set =
    <Key extends keyof Filters>(key: Key) =>
    (value: Filters[Key]) =>
      setState((current) => ({ ...current, [key]: value, page: 1, cursor: '' }));
  /** A page by number, or (lists paged by cursor, decision 085) with the cursor that opens it. */
  const setPage = (page: number, cursor = '') =>
    setState((current) => ({ ...current, page, cursor }));
  /** A filter control's value and onChange, to spread on it. */
  const field = <Key extends keyof Filters>(key: Key) => ({
    value: state[key],
    onChange: set(key),
  });
  return { filters: state, set, setPage, field };
}
