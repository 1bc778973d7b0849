// Issue 18: every HTML answer carries a CSP nonce of its own, the same in the header and in the
// page: the web app's page (whichever client route, compressed or not) and the partner API's
// docs page (which used one nonce for the process's life).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cspNoncePlaceholder } from '@shared/csp-nonce';
import { createTestApp, type TestApp } from './support/test-app';

/** index.html as Vite writes it with `html.cspNonce` set to the placeholder. */
const index = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="${cspNoncePlaceholder}">
<script type="module" crossorigin src="/assets/index-abc123.js" nonce="${cspNoncePlaceholder}"></script>
</head><body><div id="root"></div></body></html>`;

function headerNonce(res: { headers: Record<string, unknown> }): string {
  const policy = String(res.headers['content-security-policy']);
  const scriptSrc = policy
    .split(';')
    .find((directive) => directive.trim().startsWith('script-src'));
  const match = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(scriptSrc ?? '');
  expect(match, policy).not.toBeNull();
  return match![1]!;
}

function pageNonces(html: string): string[] {
  return [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]!);
}

describe('a fresh CSP nonce per HTML answer', () => {
  let app: TestApp;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uplink-nonce-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), index);
    // The build's compressed copies still hold the placeholder: they must never be sent.
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(index));
    writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(index));
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
    app = await createTestApp({ webDistDir: dir });
  });

  it.each([
    ['/', {}],
    ['/back-office/orders', { accept: 'text/html' }],
    ['/index.html', { 'accept-encoding': 'br' }],
    ['/engineer', { 'accept-encoding': 'gzip, br' }],
  ])('gives the app page at %s a nonce of its own, named in its header', async (url, headers) => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      const html =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : res.body;
      expect(html).not.toContain(cspNoncePlaceholder);
      const nonce = headerNonce(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(pageNonces(html)).toEqual([nonce, nonce]);
      seen.push(nonce);
    }
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('gives the API docs page a nonce of its own, named in its header', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({ url: '/api/v1/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).not.toContain(cspNoncePlaceholder);
      const nonce = headerNonce(res);
      const inPage = pageNonces(res.body);
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
      seen.push(nonce);
    }
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('names a different nonce on every answer, JSON ones included', async () => {
    const nonces = new Set<string>();
    for (const url of ['/api/auth/user', '/api/v1/orders', '/healthz', '/login']) {
      nonces.add(headerNonce(await app.inject({ url })));
    }
    expect(nonces.size).toBe(4);
  });
});
