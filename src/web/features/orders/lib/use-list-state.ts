import { useSearchParamState } from '@web/lib/use-search-param-state';
import { parseListState, serializeListState } from './list-search-params';

/** The orders list's state from the URL, and a setter that writes it back. */
export function useListState() {
  return useSearchParamState(parseListState, serializeListState);
}
