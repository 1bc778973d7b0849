import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyErrorCodes } from '@shared/idempotency';
import {
  apiRequest,
  errorCode,
  errorMessage,
  getJson,
  HttpError,
  queryKeyToUrl,
  sendJson,
} from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Idempotency-Key of each call the fetch stub saw, in order. */
function sentKeys(fetchMock: ReturnType<typeof vi.fn>): (string | undefined)[] {
  return fetchMock.mock.calls.map(
    (call) =>
      ((call as unknown[])[1] as { headers: Record<string, string> }).headers['Idempotency-Key'],
  );
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('apiRequest (spec §7)', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': expect.stringMatching(uuid),
      },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      credentials: 'include',
    });
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      headers: { 'Idempotency-Key': expect.stringMatching(uuid) },
      body: undefined,
      credentials: 'include',
    });
  });

  it('turns a failure into "{status}: {text}"', async () => {
    stubFetch(
      new Response('{"message":"Invalid email or password","code":"INVALID_CREDENTIALS"}', {
        status: 401,
      }),
    );
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe(
      '401: {"message":"Invalid email or password","code":"INVALID_CREDENTIALS"}',
    );
    expect(errorCode(error)).toBe('INVALID_CREDENTIALS');
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('falls back when the error body has no message', async () => {
    stubFetch(new Response('gateway exploded', { status: 502 }));
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(errorMessage(error, 'Could not send verification code')).toBe(
      'Could not send verification code',
    );
    expect(errorCode(error)).toBeUndefined();
  });
});

describe('Idempotency-Key on every change (decisions 019 and 057)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes with POST, PUT, PATCH and DELETE, and never with a read', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'])
      await apiRequest(method, `/api/keys/${method}`, method === 'GET' ? undefined : { n: 1 });
    const keys = sentKeys(fetchMock);
    expect(keys.slice(0, 4).every((key) => key !== undefined && uuid.test(key))).toBe(true);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys[4]).toBeUndefined();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/keys/GET', {
      method: 'GET',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('gives a double submit (the same request at once) one key, a new action a new one', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([
      sendJson('POST', '/api/orders/o1/hold', { reason: 'Away', expectedVersion: 3 }),
      sendJson('POST', '/api/orders/o1/hold', { reason: 'Away', expectedVersion: 3 }),
    ]);
    await sendJson('POST', '/api/orders/o1/hold', { reason: 'Away', expectedVersion: 4 });
    const [first, second, third] = sentKeys(fetchMock);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('treats the same request within seconds of its answer as the same action, not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const resend = () => sendJson('POST', '/api/orders/o2/resend-link', {});
    await resend();
    vi.advanceTimersByTime(4_000);
    await resend();
    vi.advanceTimersByTime(2_000); // the window runs from the first answer, not the repeat
    await resend();
    const [first, repeat, later] = sentKeys(fetchMock);
    expect(repeat).toBe(first);
    expect(later).not.toBe(first);
  });

  it('counts only a repeat of the last request: disable, enable, disable are three actions', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/engineers/e1/disable');
    await apiRequest('POST', '/api/engineers/e1/enable');
    await apiRequest('POST', '/api/engineers/e1/disable');
    expect(new Set(sentKeys(fetchMock)).size).toBe(3);
  });

  it('sends a refused request again with a new key: nothing was done the first time', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(Response.json({ code: 'KIT_NOT_READY' }, { status: 409 }))
      .mockResolvedValueOnce(Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const send = () => sendJson('POST', '/api/dispatch/orders/o5/schedule', { slot: 'am' });
    await expect(send()).rejects.toThrow(/^409: /);
    await expect(send()).resolves.toEqual({ ok: true });
    const [first, second] = sentKeys(fetchMock);
    expect(second).not.toBe(first);
  });

  it('keeps the key for the retry of a request that got no answer or a 5xx', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('down', { status: 503 }))
      .mockResolvedValueOnce(Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const send = () => sendJson('POST', '/api/customers', { name: 'Ann' });
    await expect(send()).rejects.toThrow('Failed to fetch');
    vi.advanceTimersByTime(60_000); // the user tries again a minute later
    await expect(send()).rejects.toThrow('503: down');
    vi.advanceTimersByTime(60_000);
    await expect(send()).resolves.toEqual({ ok: true });
    const keys = sentKeys(fetchMock);
    expect(new Set(keys).size).toBe(1);
  });

  it('waits while the first request with the key is running, then gets its answer', async () => {
    const inProgress = () =>
      Response.json(
        { message: 'still running', code: idempotencyErrorCodes.inProgress },
        { status: 409, headers: { 'retry-after': '0' } },
      );
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(inProgress())
      .mockResolvedValueOnce(inProgress())
      .mockResolvedValueOnce(
        Response.json({ id: 'o3' }, { headers: { 'idempotent-replayed': 'true' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendJson('POST', '/api/orders/o3/validate', {})).resolves.toEqual({ id: 'o3' });
    const keys = sentKeys(fetchMock);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('fails at once on any other 409, and keeps the spec §7 message for keyed calls', async () => {
    stubFetch(
      new Response(
        '{"message":"This Idempotency-Key was already used for a different request","code":"IDEMPOTENCY_KEY_REUSED"}',
        { status: 422 },
      ),
    );
    const error = await apiRequest('POST', '/api/orders', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe(
      '422: {"message":"This Idempotency-Key was already used for a different request","code":"IDEMPOTENCY_KEY_REUSED"}',
    );
    expect(errorCode(error)).toBe('IDEMPOTENCY_KEY_REUSED');
    const fetchMock = stubFetch(
      Response.json({ message: 'Stale', code: 'STALE_ORDER' }, { status: 409 }),
    );
    await expect(sendJson('POST', '/api/orders/o4/hold', {})).rejects.toThrow(/^409: /);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('getJson', () => {
  it('reads a JSON reply', async () => {
    stubFetch(Response.json({ id: 1 }));
    await expect(getJson('/api/x')).resolves.toEqual({ id: 1 });
  });

  it('refuses a reply that is not JSON with the spec message', async () => {
    stubFetch(
      new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(getJson('/api/x')).rejects.toThrow(
      'Expected JSON response but received: <html>oops</html>',
    );
  });
});

describe('sendJson', () => {
  it('reads the JSON answer of a change', async () => {
    stubFetch(Response.json({ id: 'o1' }));
    await expect(sendJson('POST', '/api/orders/o1/accept', {})).resolves.toEqual({ id: 'o1' });
  });

  it('resolves null on a 204 instead of failing (a contractor declines an order)', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(
      sendJson('POST', '/api/orders/o1/decline', { reason: 'Too far', expectedVersion: 3 }),
    ).resolves.toBeNull();
  });

  it('resolves null on a success with an empty body', async () => {
    stubFetch(new Response('', { status: 200 }));
    await expect(sendJson('DELETE', '/api/partners/p1')).resolves.toBeNull();
  });

  it('still refuses a non-empty answer that is not JSON with the spec message', async () => {
    stubFetch(
      new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(sendJson('POST', '/api/x', {})).rejects.toThrow(
      'Expected JSON response but received: <html>oops</html>',
    );
  });

  it('still fails on an error answer, with its code', async () => {
    stubFetch(Response.json({ message: 'Stale', code: 'STALE_ORDER' }, { status: 409 }));
    const error = await sendJson('POST', '/api/orders/o1/hold', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(errorCode(error)).toBe('STALE_ORDER');
  });
});

describe('queryKeyToUrl', () => {
  it('joins the key parts with slashes', () => {
    expect(queryKeyToUrl(['/api/orders', 'UPL-2026-000123', 'events'])).toBe(
      '/api/orders/UPL-2026-000123/events',
    );
    expect(queryKeyToUrl(['/api/auth/user'])).toBe('/api/auth/user');
  });
});
