// The shell shows how many offline changes wait to be sent (PRODUCT.md, offline engineer
// app). The engineer app's outbox registers itself here; until one does, there is nothing
// waiting on this device and the count is null.
import { useSyncExternalStore } from 'react';

export type SyncStatusSource = {
  /** How many changes made on this device wait to reach the server. */
  getPendingCount: () => number;
  /** Calls the listener whenever the count may have changed; answers an unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

let source: SyncStatusSource | null = null;
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

let unsubscribeSource: (() => void) | null = null;

/**
 * Plugs an outbox in; answers a function that unplugs it. The shell hears of it a moment later:
 * the engineer app makes its outbox while it renders, and telling the shell's indicator then
 * would update one component in the middle of rendering another.
 */
export function registerSyncStatusSource(next: SyncStatusSource): () => void {
  unsubscribeSource?.();
  source = next;
  unsubscribeSource = next.subscribe(notify);
  queueMicrotask(notify);
  return () => {
    if (source !== next) return;
    unsubscribeSource?.();
    unsubscribeSource = null;
    source = null;
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): number | null {
  return source ? source.getPendingCount() : null;
}

/** The number of changes waiting to sync, or null when this device keeps no outbox. */
export function usePendingSyncCount(): number | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
