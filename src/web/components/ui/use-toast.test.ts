import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast, useToast } from './use-toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store (spec §9)', () => {
  it('shows one toast at a time: the newest replaces the last', () => {
    expect(TOAST_LIMIT).toBe(1);
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({
        title: 'Login Failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Login Failed',
      description: 'Invalid email or password',
      variant: 'destructive',
      open: true,
    });
  });

  it('closes a dismissed toast and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    const { result } = renderHook(() => useToast());
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Code Sent' });
    });
    act(() => handle?.dismiss());
    expect(result.current.toasts[0]).toMatchObject({ title: 'Code Sent', open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });

  it('updates a toast in place', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      const handle = toast({ title: 'Saving' });
      handle.update({ title: 'Saved' });
    });
    expect(result.current.toasts[0]?.title).toBe('Saved');
  });
});
