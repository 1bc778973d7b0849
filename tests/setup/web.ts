// The engineer app keeps its store in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy* and waitFor wait for their condition up to this long: a loaded two-core machine can
// take more than the library's one second to render a lazy form, and a pass is never slower.
configure({ asyncUtilTimeout: 5_000 });

// Radix's toast starts a close timer it never clears on unmount, so a file that ends within a
// toast's duration would have it fire after jsdom is gone ("document is not defined"). Timers
// still pending when a file ends are cancelled here.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = ((
  handler: (...args: unknown[]) => void,
  delay?: number,
  ...args: unknown[]
) => {
  const timer = realSetTimeout(
    (...callArgs: unknown[]) => {
      pendingTimers.delete(timer);
      handler(...callArgs);
    },
    delay,
    ...args,
  );
  pendingTimers.add(timer);
  return timer;
}) as typeof setTimeout;
globalThis.clearTimeout = ((timer?: ReturnType<typeof setTimeout>) => {
  if (timer !== undefined) pendingTimers.delete(timer);
  realClearTimeout(timer);
}) as typeof clearTimeout;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterAll(() => {
  for (const timer of pendingTimers) realClearTimeout(timer);
  pendingTimers.clear();
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
});
