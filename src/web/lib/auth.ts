// spec §4 and §7: the authentication state comes from GET /api/auth/user.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { CurrentUser } from '@shared/auth/current-user';
import { getQueryFn } from './query-client';

export const currentUserQueryKey = ['/api/auth/user'] as const;

// spec §9: the current user is stale after 5 minutes and kept 10; a 429 pauses checks 30 s.
export const AUTH_STALE_TIME_MS = 5 * 60_000;
export const AUTH_GC_TIME_MS = 10 * 60_000;
export const AUTH_RATE_LIMIT_PAUSE_MS = 30_000;

export function currentUserQuery(enabled = true) {
  return queryOptions({
    queryKey: currentUserQueryKey,
    // spec §7: a 401 is a null user, not an error.
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    staleTime: AUTH_STALE_TIME_MS,
    gcTime: AUTH_GC_TIME_MS,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: true,
    retry: false,
    // Ask even when the browser says it is offline: the engineer app's service worker answers
    // from its copy (decision 040); elsewhere the failed request shows the signed-out state.
    networkMode: 'offlineFirst',
    enabled,
  });
}

/** spec §8: an error whose message contains 429 means the checks are rate limited. */
export function isRateLimitError(error: unknown): boolean {
  return error instanceof Error && error.message.includes('429');
}

// One pause for the whole page, however many components read the state.
let pausedUntil: number | null = null;
let resumeTimer: ReturnType<typeof setTimeout> | null = null;
const pauseListeners = new Set<() => void>();

function setPausedUntil(value: number | null) {
  pausedUntil = value;
  pauseListeners.forEach((listener) => listener());
}

function subscribePause(listener: () => void) {
  pauseListeners.add(listener);
  return () => pauseListeners.delete(listener);
}

/** The last user the check answered (null: signed out); kept while a new check is loading. */
let lastKnownUser: CurrentUser | null | undefined;
const lastKnownListeners = new Set<() => void>();

function rememberUser(user: CurrentUser | null) {
  if (lastKnownUser === user) return;
  lastKnownUser = user;
  lastKnownListeners.forEach((listener) => listener());
}

function subscribeLastKnown(listener: () => void) {
  lastKnownListeners.add(listener);
  return () => lastKnownListeners.delete(listener);
}

/** For tests: forget the last known user and any pause. */
export function resetAuthStateForTests() {
  rememberUser(null);
  lastKnownUser = undefined;
  if (resumeTimer) clearTimeout(resumeTimer);
  resumeTimer = null;
  setPausedUntil(null);
}

export type AuthState = {
  /** The signed-in user, or null when signed out or not yet known. */
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True only while nothing is known yet: the first check has not answered. */
  isLoading: boolean;
  /** spec §4: checking is paused for 30 seconds after a 429. */
  isRateLimited: boolean;
};

export function useAuth(): AuthState {
  const queryClient = useQueryClient();
  const paused = useSyncExternalStore(subscribePause, () => pausedUntil !== null);
  const query = useQuery(currentUserQuery(!paused));
  const rateLimited = isRateLimitError(query.error);

  const lastKnown = useSyncExternalStore(subscribeLastKnown, () => lastKnownUser);

  useEffect(() => {
    if (query.data !== undefined) rememberUser(query.data);
  }, [query.data]);

  useEffect(() => {
    if (!rateLimited || pausedUntil !== null) return;
    // spec §4: stop checking for 30 seconds, then check again.
    setPausedUntil(Date.now() + AUTH_RATE_LIMIT_PAUSE_MS);
    resumeTimer = setTimeout(() => {
      resumeTimer = null;
      setPausedUntil(null);
      void queryClient.refetchQueries({ queryKey: currentUserQueryKey });
    }, AUTH_RATE_LIMIT_PAUSE_MS);
  }, [rateLimited, queryClient]);

  const user = query.data !== undefined ? query.data : (lastKnown ?? null);
  const known = query.data !== undefined || lastKnown !== undefined;
  const isRateLimited = paused || rateLimited;
  return {
    user,
    isAuthenticated: user !== null,
    isLoading: !known && (query.isPending || isRateLimited),
    isRateLimited,
  };
}
