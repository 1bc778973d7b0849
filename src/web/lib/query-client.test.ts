import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function run<T>(fn: ReturnType<typeof getQueryFn<T>>, queryKey: unknown[]) {
  return (fn as unknown as (ctx: { queryKey: unknown[] }) => Promise<T>)({ queryKey });
}

describe('query client defaults (spec §9)', () => {
  it('never retries, never goes stale on its own, never refetches on focus, never polls', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('fetches the joined key with credentials and reads JSON', async () => {
    const fetchMock = vi.fn(async () => Response.json([{ id: 7 }]));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/orders', 7] })).resolves.toEqual([{ id: 7 }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/7', { credentials: 'include' });
  });

  it('answers null on 401 when asked to, and throws otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Unauthorized', { status: 401 })),
    );
    await expect(run(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/auth/user'])).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('rejects a non-JSON reply with the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/x'])).rejects.toThrow(
      'Expected JSON response but received: <!doctype html>',
    );
  });
});
