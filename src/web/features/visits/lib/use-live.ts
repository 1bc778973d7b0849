import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';

/** A Dexie query kept current: answers undefined until the first result. */
export function useLive<T>(query: () => Promise<T>, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (next) => setValue({ deps, value: next }),
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // A result from before the inputs changed is not shown for the new ones.
  const same =
    value !== undefined &&
    value.deps.length === deps.length &&
    value.deps.every((dep, i) => Object.is(dep, deps[i]));
  return same ? value.value : undefined;
}
