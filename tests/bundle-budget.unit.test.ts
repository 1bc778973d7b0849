// Performance budgets (issues 4 and 10), measured as what goes on the wire: the Brotli copies
// the build makes (decision 025), which is what the server sends to every current browser.
// A cold signed-out visit to /login (index.html's entry chunk, its static imports, and the
// login page's chunk with its static imports) stays under 120 KB of JavaScript; a cold visit to
// /back-office (entry, app shell, dashboard page) under 200 KB; a cold /engineer (entry, shell,
// engineer app) under 250 KB gzipped. Builds into a temporary folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspNoncePlaceholder } from '@shared/csp-nonce';

const LOGIN_BUDGET_BYTES = 120 * 1024;
const BACK_OFFICE_BUDGET_BYTES = 200 * 1024;
/** Issue 13: the engineer app, cold, measured gzipped (the scanner and signature pad are lazy). */
const ENGINEER_BUDGET_BYTES = 250 * 1024;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const outDir = mkdtempSync(path.join(tmpdir(), 'uplink-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

let manifest: Manifest;

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 240_000);

/** The chunk's file and every file it imports statically, recursively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

function keyEndingWith(suffix: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(suffix));
  expect(key, `${suffix} is its own chunk`).toBeDefined();
  return key as string;
}

/** Files this small are not worth compressing (vite.config.ts) and go out as they are. */
const COMPRESSION_THRESHOLD_BYTES = 512;

/** The bytes a browser accepting Brotli receives: the .br copy the build made, if any. */
function wireSize(file: string, encoding: 'br' | 'gz' = 'br'): number {
  const compressed = path.join(outDir, `${file}.${encoding}`);
  return statSync(existsSync(compressed) ? compressed : path.join(outDir, file)).size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function measure(label: string, keys: string[], encoding: 'br' | 'gz' = 'br'): number {
  const files = new Set(keys.flatMap((key) => [...staticClosure(key)]));
  const sizes = [...files].map((file) => ({ file, wire: wireSize(file, encoding) }));
  const total = sizes.reduce((sum, { wire }) => sum + wire, 0);
  console.info(
    [
      `${label}: ${kb(total)} on the wire (${encoding === 'br' ? 'Brotli' : 'gzip'})`,
      ...sizes.sort((a, b) => b.wire - a.wire).map(({ file, wire }) => `  ${kb(wire)}  ${file}`),
    ].join('\n'),
  );
  return total;
}

function entryKey(): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  expect(key, 'the build has an entry chunk').toBeDefined();
  return key as string;
}

describe('performance budget', () => {
  it('keeps the JavaScript for a cold signed-out visit to /login under 120 KB on the wire', () => {
    const total = measure('Cold /login', [
      entryKey(),
      keyEndingWith('features/auth/components/login-page.tsx'),
    ]);
    expect(total).toBeLessThan(LOGIN_BUDGET_BYTES);
  });

  it('keeps the JavaScript for a cold visit to /back-office under 200 KB on the wire', () => {
    const total = measure('Cold /back-office', [
      entryKey(),
      keyEndingWith('features/shell/components/app-shell.tsx'),
      keyEndingWith('features/dashboard/components/back-office-dashboard-page.tsx'),
    ]);
    expect(total).toBeLessThan(BACK_OFFICE_BUDGET_BYTES);
  });

  it('keeps the JavaScript for a cold /engineer under 250 KB gzipped, scanner and signature pad lazy', () => {
    const keys = [
      entryKey(),
      keyEndingWith('features/shell/components/app-shell.tsx'),
      keyEndingWith('features/visits/components/engineer-app.tsx'),
    ];
    const total = measure('Cold /engineer', keys, 'gz');
    expect(total).toBeLessThan(ENGINEER_BUDGET_BYTES);
    const cold = new Set(keys.flatMap((key) => [...staticClosure(key)]));
    for (const lazyPart of [
      'features/visits/components/scanner-dialog.tsx',
      'features/visits/components/signature-pad-field.tsx',
    ]) {
      expect(cold.has(manifest[keyEndingWith(lazyPart)]!.file), `${lazyPart} is lazy`).toBe(false);
    }
  });

  it('ships a Brotli and a gzip copy of every script and stylesheet', () => {
    const files = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => statSync(path.join(outDir, file)).size >= COMPRESSION_THRESHOLD_BYTES);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(existsSync(path.join(outDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(outDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});

describe('the built page', () => {
  // Issue 18: the server swaps this placeholder for each response's CSP nonce (app-page.ts).
  it('carries the CSP nonce placeholder on its scripts and in a csp-nonce meta tag', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain(`<meta property="csp-nonce" nonce="${cspNoncePlaceholder}"`);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${cspNoncePlaceholder}"`);
  });
});
