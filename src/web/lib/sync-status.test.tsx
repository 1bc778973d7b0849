import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerSyncStatusSource, usePendingSyncCount } from './sync-status';

function Count() {
  const pending = usePendingSyncCount();
  return <p>{pending === null ? 'no outbox' : `${pending} waiting`}</p>;
}

describe('sync status', () => {
  it('is null until an outbox registers, then follows its count', () => {
    render(<Count />);
    expect(screen.getByText('no outbox')).toBeTruthy();

    let count = 2;
    const listeners = new Set<() => void>();
    let unregister = () => {};
    act(() => {
      unregister = registerSyncStatusSource({
        getPendingCount: () => count,
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      });
    });
    expect(screen.getByText('2 waiting')).toBeTruthy();

    act(() => {
      count = 0;
      listeners.forEach((listener) => listener());
    });
    expect(screen.getByText('0 waiting')).toBeTruthy();

    act(() => unregister());
    expect(screen.getByText('no outbox')).toBeTruthy();
    expect(listeners.size).toBe(0);
  });
});
