import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { registerSyncStatusSource, usePendingSyncCount } from './sync-status';

function Count() {
  const pending = usePendingSyncCount();
  return <p>{pending === null ? 'no outbox' : `${pending} waiting`}</p>;
}

describe('sync status', () => {
  it('is null until an outbox registers, then follows its count', async () => {
    render(<Count />);
    expect(screen.getByText('no outbox')).toBeTruthy();

    let count = 2;
    const listeners = new Set<() => void>();
    let unregister = () => {};
    await act(async () => {
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

  it('lets an outbox register while another component renders', async () => {
    // The engineer app makes its outbox as it renders, beside the shell's indicator. Telling
    // the indicator at once would update it in the middle of that render (React warns, and the
    // test setup fails any test that logs an error).
    let unregister = () => {};
    function MakesItsOutbox() {
      const [made] = useState(() => {
        unregister = registerSyncStatusSource({
          getPendingCount: () => 3,
          subscribe: () => () => {},
        });
        return true;
      });
      return <p>{made ? 'outbox made' : ''}</p>;
    }
    const { rerender } = render(<Count />);
    await act(async () => {
      rerender(
        <>
          <Count />
          <MakesItsOutbox />
        </>,
      );
    });
    expect(screen.getByText('3 waiting')).toBeTruthy();
    act(() => unregister());
  });
});
