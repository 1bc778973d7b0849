import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

function fakeWebBuild() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uplink-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('health and web serving', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ webDistDir: fakeWebBuild() });
  });

  it('GET /healthz answers while the process is alive', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('GET /readyz is 200 when the database answers and start-up is done', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, seed: true },
    });
  });

  it('GET /readyz is 503 until the first-start seed is done', async () => {
    app.deps.state.seeded = false;
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { seed: false } });
    } finally {
      app.deps.state.seeded = true;
    }
  });

  it('answers 503 on both health checks while draining before a stop, each connection closing', async () => {
    app.deps.state.draining = true;
    try {
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(503);
      expect(live.json()).toEqual({ status: 'draining' });
      expect(live.headers.connection).toBe('close');
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'draining', checks: { database: true } });
    } finally {
      app.deps.state.draining = false;
    }
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('keeps a sane incoming request id and replaces a bad one', async () => {
    const kept = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-trace' },
    });
    expect(kept.headers['x-request-id']).toBe('abc12345-trace');
    const replaced = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const res = await app.inject({ url: '/api/no-such-thing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/no-such-thing not found',
      code: 'NOT_FOUND',
    });
  });

  it.each(['/api/inbound', '/api/outbound', '/api/settings', '/api/logs'])(
    'serves the web app for a browser opening the %s screen, JSON 404 otherwise',
    async (url) => {
      const page = await app.inject({
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const api = await app.inject({ url, headers: { accept: 'application/json' } });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    },
  );

  it('serves index.html, uncached, for client routes', async () => {
    const res = await app.inject({ url: '/orders?status=received' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers other methods on unknown paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/orders', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
