import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import {
  AUTH_GC_TIME_MS,
  AUTH_RATE_LIMIT_PAUSE_MS,
  AUTH_STALE_TIME_MS,
  currentUserQuery,
  isRateLimitError,
  resetAuthStateForTests,
  useAuth,
} from './auth';
import { createQueryClient } from './query-client';

const alice: CurrentUser = {
  id: 'u1',
  role: 'engineer',
  additionalRoles: [],
  isDualRole: false,
  firstName: 'Alice',
  lastName: 'Field',
  profileImageUrl: null,
  email: 'engineer@example.com',
  contractorId: null,
};

function wrapper() {
  const client = createQueryClient();
  return {
    client,
    Wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  };
}

beforeEach(() => resetAuthStateForTests());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetAuthStateForTests();
});

describe('current-user query (spec §7, §9)', () => {
  it('is cached 5 minutes, kept 10, refetched on reconnect only, never retried', () => {
    const options = currentUserQuery();
    expect(options.queryKey).toEqual(['/api/auth/user']);
    expect(AUTH_STALE_TIME_MS).toBe(300_000);
    expect(AUTH_GC_TIME_MS).toBe(600_000);
    expect(options.staleTime).toBe(300_000);
    expect(options.gcTime).toBe(600_000);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.refetchOnMount).toBe(false);
    expect(options.refetchOnReconnect).toBe(true);
    expect(options.retry).toBe(false);
  });

  it('recognises the rate-limit error by its 429', () => {
    expect(isRateLimitError(new Error('429: Too Many Requests'))).toBe(true);
    expect(isRateLimitError(new Error('500: oops'))).toBe(false);
    expect(isRateLimitError('429')).toBe(false);
  });
});

describe('useAuth (spec §4)', () => {
  it('is loading, then signed in with the user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(alice)),
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useAuth(), { wrapper: Wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.firstName).toBe('Alice');
    expect(result.current.isLoading).toBe(false);
  });

  it('treats a 401 as signed out, not as an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Not signed in"}', { status: 401 })),
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useAuth(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.user).toBeNull();
  });

  it('keeps the last known user while a new check loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(alice)),
    );
    const first = wrapper();
    const { result, unmount } = renderHook(() => useAuth(), { wrapper: first.Wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    unmount();

    // A fresh cache (the query was dropped): the check is loading again, the state is kept.
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const second = wrapper();
    const again = renderHook(() => useAuth(), { wrapper: second.Wrapper });
    expect(again.result.current.isLoading).toBe(false);
    expect(again.result.current.user?.id).toBe('u1');
    await act(async () => answer(new Response('', { status: 401 })));
    await waitFor(() => expect(again.result.current.isAuthenticated).toBe(false));
  });

  it('pauses checking for 30 seconds after a 429, then checks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response('Too Many Requests', { status: 429 }))
      .mockResolvedValue(Response.json(alice));
    vi.stubGlobal('fetch', fetchMock);
    const { Wrapper, client } = wrapper();
    const { result } = renderHook(() => useAuth(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isRateLimited).toBe(true));
    expect(result.current.isAuthenticated).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Paused: not even a reconnect checks again.
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTH_RATE_LIMIT_PAUSE_MS - 1_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(AUTH_RATE_LIMIT_PAUSE_MS).toBe(30_000);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.isRateLimited).toBe(false);
    expect(client.getQueryData(['/api/auth/user'])).toEqual(alice);
  });
});
