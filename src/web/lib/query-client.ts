import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { HttpError, queryKeyToUrl, readJson } from './api-client';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** spec §7: default reads join the key into a URL and require a JSON reply. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    if (!res.ok) {
      const text = (await res.text()) || res.statusText;
      throw new HttpError(res.status, text, `${res.status}: ${text}`);
    }
    return readJson<T>(res);
  };
}

/** spec §9: no automatic retries, never stale on its own, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
