import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { sameOrigin } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { clientErrorLimits } from '@shared/client-errors/client-errors.contracts';
import { clientErrorRateLimit } from './client-errors.routes';

// Decision 057: the web's error boundaries report a page that threw.
describe('POST /api/client-errors', () => {
  let app: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await createTestApp({ logger: { level: 'info', stream } });
  });

  const report = (overrides: Record<string, unknown> = {}) => ({
    message: 'Cannot read properties of undefined (reading "name")',
    stack: 'TypeError: Cannot read properties of undefined\n    at OrderPage (order-page.tsx:12)',
    route: '/orders/8d3c',
    appVersion: '0.1.0',
    ...overrides,
  });
  const post = (payload: unknown, remoteAddress = '203.0.113.1') =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: sameOrigin(app),
      payload: payload as object,
      remoteAddress,
    });

  it('logs the report at warn with its request id and answers 204', async () => {
    const res = await post(report());
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const requestId = res.headers['x-request-id'];
    const line = lines.find((entry) => entry.msg === 'a page in the browser threw');
    expect(line).toMatchObject({
      level: 40,
      reqId: requestId,
      clientError: report(),
      userId: null,
    });
  });

  it('refuses a report without a message, with a field too long or a body too large', async () => {
    const missing = await post(report({ message: undefined }));
    expect(missing.statusCode).toBe(400);
    const noRoute = await post({ message: 'x', appVersion: '1' }, '203.0.113.2');
    expect(noRoute.statusCode).toBe(400);
    const longStack = await post(
      report({ stack: 'x'.repeat(clientErrorLimits.stack + 1) }),
      '203.0.113.2',
    );
    expect(longStack.statusCode).toBe(400);
    const control = await post(report({ route: '/orders/\u0000' }), '203.0.113.2');
    expect(control.statusCode).toBe(400);
    const huge = await post(report({ padding: 'x'.repeat(clientErrorLimits.body) }), '203.0.113.2');
    expect(huge.statusCode).toBe(413);
    // At their limits, every field fits in the body (a stack of accented letters included).
    const full = await post(
      report({
        message: 'é'.repeat(clientErrorLimits.message),
        stack: '€'.repeat(clientErrorLimits.stack),
        route: `/${'r'.repeat(clientErrorLimits.route - 1)}`,
        appVersion: 'v'.repeat(clientErrorLimits.appVersion),
      }),
      '203.0.113.3',
    );
    expect(full.statusCode, full.body).toBe(204);
  });

  it('refuses a cross-site report', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { origin: 'https://evil.example' },
      payload: report(),
      remoteAddress: '203.0.113.4',
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 429 past its limit per address, and goes on taking other addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= clientErrorRateLimit.max; i += 1)
      statuses.push((await post(report(), '198.51.100.77')).statusCode);
    expect(statuses.slice(0, clientErrorRateLimit.max).every((status) => status === 204)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
    expect((await post(report(), '198.51.100.78')).statusCode).toBe(204);
  });
});
