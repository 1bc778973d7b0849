import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down every second from the deadline and stops at 0', () => {
    const expiresAt = Date.now() + 300_000;
    const { result } = renderHook(() => useCountdown(expiresAt, 300));
    expect(result.current).toBe(300);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(299);
    act(() => vi.advanceTimersByTime(239_000));
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts at the full figure when a new deadline is set', () => {
    let expiresAt: number | null = Date.now() + 300_000;
    const { result, rerender } = renderHook(() => useCountdown(expiresAt, 300));
    act(() => vi.advanceTimersByTime(300_000));
    expect(result.current).toBe(0);
    expiresAt = Date.now() + 300_000;
    rerender();
    expect(result.current).toBe(300);
    expiresAt = null;
    rerender();
    expect(result.current).toBe(0);
  });
});
