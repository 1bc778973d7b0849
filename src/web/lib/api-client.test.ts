import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('apiRequest (spec §7)', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      credentials: 'include',
    });
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      headers: {},
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

describe('Idempotency-Key (decision 019)', () => {
  it('sends the key the caller passes, beside the JSON content type', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }));
    const key = '2b7d3c1e-9f4a-4c8e-a1d2-5e6f7a8b9c0d';
    await expect(
      sendJson('POST', '/api/orders/1/schedule', { slot: 'am' }, { idempotencyKey: key }),
    ).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/1/schedule', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ slot: 'am' }),
      credentials: 'include',
    });
  });

  it('sends it without a body too, and no header when none is passed', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/job-types/1', undefined, { idempotencyKey: 'k-1' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/job-types/1', {
      method: 'DELETE',
      headers: { 'Idempotency-Key': 'k-1' },
      body: undefined,
      credentials: 'include',
    });
    stubFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/job-types/1', undefined, {});
    expect(vi.mocked(fetch)).toHaveBeenLastCalledWith('/api/job-types/1', {
      method: 'DELETE',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('keeps the spec §7 error rules for an answer to a keyed request', async () => {
    stubFetch(
      new Response(
        '{"message":"This Idempotency-Key was already used for a different request","code":"IDEMPOTENCY_KEY_REUSED"}',
        { status: 422 },
      ),
    );
    const error = await apiRequest('POST', '/api/orders', {}, { idempotencyKey: 'k-2' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe(
      '422: {"message":"This Idempotency-Key was already used for a different request","code":"IDEMPOTENCY_KEY_REUSED"}',
    );
    expect(errorCode(error)).toBe('IDEMPOTENCY_KEY_REUSED');
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
