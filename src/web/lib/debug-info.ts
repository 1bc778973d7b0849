import { useCallback, useSyncExternalStore } from 'react';
import { readShowDebugInfo, saveShowDebugInfo, SHOW_DEBUG_INFO_KEY } from './storage-keys';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the flag changes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHOW_DEBUG_INFO_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** spec §2: the engineers' persisted debug flag (key showDebugInfo, text true or false). */
export function useShowDebugInfo(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(subscribe, readShowDebugInfo, () => false);
  const setShow = useCallback((next: boolean) => {
    saveShowDebugInfo(next);
    listeners.forEach((listener) => listener());
  }, []);
  return [show, setShow];
}
