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
