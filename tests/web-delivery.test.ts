// Decision 025: hashed assets go out precompressed and cached for a year, index.html is
// revalidated, and a rebuild swaps the served folder atomically without losing old assets.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild } from '../scripts/build-if-stale';
import { createTestApp, type TestApp } from './support/test-app';

const script = 'export const answer = 42;\n'.repeat(200);

/** What Vite and vite-plugin-compression2 leave in a build folder. */
function writeBuild(dir: string, index: string, assets: Record<string, string>) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), index);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(index));
  for (const [name, body] of Object.entries(assets)) {
    writeFileSync(path.join(dir, 'assets', name), body);
    writeFileSync(path.join(dir, 'assets', `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, 'assets', `${name}.gz`), gzipSync(body));
  }
}

describe('compressed, cached web assets', () => {
  let app: TestApp;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uplink-web-'));
    writeBuild(dir, '<!doctype html><div id="root"></div>', { 'index-abc123.js': script });
    // What vite-plugin-pwa and src/web/public add for the engineer app (decision 040).
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dir, 'engineer.webmanifest'), '{"name":"Uplink Engineer"}');
    app = await createTestApp({ webDistDir: dir });
  });

  it('sends the Brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when the browser accepts only gzip', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when the client accepts no compression', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves the service worker revalidated on every check, so a new version is seen at once', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web manifest as a manifest, revalidated', async () => {
    const res = await app.inject({ url: '/engineer.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  // Issue 18: without Accept-Encoding (or with identity) `/` answered 403, @fastify/send
  // refusing a folder; every page answers the same HTML however it is asked for.
  it.each(['/', '/back-office/orders', '/engineer/visits/abc', '/index.html'])(
    'answers %s without Accept-Encoding with the page, uncompressed',
    async (url) => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { accept: 'text/html' }]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.body).toContain('<div id="root">');
      }
    },
  );

  it('answers / the same with gzip, Brotli or none, and HEAD / too', async () => {
    const plain = await app.inject({ url: '/' });
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect([plain.statusCode, gz.statusCode, br.statusCode]).toEqual([200, 200, 200]);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    const pages = [
      plain.body,
      gunzipSync(gz.rawPayload).toString(),
      brotliDecompressSync(br.rawPayload).toString(),
    ];
    for (const page of pages) expect(page).toContain('<div id="root">');
    const refused = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a folder of assets 404, with or without Accept-Encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const res = await app.inject({ url: '/assets/', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves index.html for a client route compressed and never cached', async () => {
    const res = await app.inject({
      url: '/back-office/orders',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });
});

describe('a rebuild while the server runs', () => {
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'uplink-dist-'));
    await publishBuild(dist, async (outDir) =>
      writeBuild(outDir, '<!doctype html><script src="/assets/old-1.js"></script>', {
        'old-1.js': 'old',
      }),
    );
    app = await createTestApp({ webDistDir: path.join(dist, 'web') });
  });

  afterAll(() => app?.close());

  const get = (url: string) =>
    app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });

  it('keeps serving the old build during the build, then the new one, and the old assets', async () => {
    let finishBuild!: () => void;
    const building = new Promise<void>((resolve) => (finishBuild = resolve));
    let started!: () => void;
    const buildStarted = new Promise<void>((resolve) => (started = resolve));

    const published = publishBuild(dist, async (outDir) => {
      // Vite empties and fills its folder bit by bit; the served one is untouched meanwhile.
      mkdirSync(outDir, { recursive: true });
      started();
      await building;
      writeBuild(outDir, '<!doctype html><script src="/assets/new-2.js"></script>', {
        'new-2.js': 'new',
      });
    });

    await buildStarted;
    const during = await get('/login');
    expect(during.statusCode).toBe(200);
    expect(during.body).toContain('old-1.js');
    expect((await get('/assets/old-1.js')).body).toBe('old');

    finishBuild();
    await published;

    const after = await get('/login');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('new-2.js');
    expect((await get('/assets/new-2.js')).body).toBe('new');
    // A page loaded before the rebuild still gets the script it asks for.
    const old = await get('/assets/old-1.js');
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('old');
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps one previous generation of assets and removes older builds', async () => {
    await publishBuild(dist, async (outDir) =>
      writeBuild(outDir, '<!doctype html><script src="/assets/third-3.js"></script>', {
        'third-3.js': 'third',
      }),
    );
    expect((await get('/assets/third-3.js')).body).toBe('third');
    expect((await get('/assets/new-2.js')).body).toBe('new');
    expect((await get('/assets/old-1.js')).statusCode).toBe(404);
    expect(readdirSync(path.join(dist, 'web-builds'))).toHaveLength(2);
  });
});
