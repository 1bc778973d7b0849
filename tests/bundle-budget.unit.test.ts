// Issue 4 performance budget: the JavaScript a signed-out visitor downloads to see /login
// (index.html's entry chunk, its static imports, and the login page's chunk with its static
// imports) stays under 150 KB gzipped. Builds the web app into a temporary folder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const BUDGET_BYTES = 150 * 1024;

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

/** The chunk's file and every file it imports statically, recursively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('performance budget', () => {
  it('keeps the JavaScript for a signed-out visit to /login under 150 KB gzipped', async () => {
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
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Manifest;

    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    expect(entryKey, 'the build has an entry chunk').toBeDefined();
    // The login page once it is in the route table; the landing page before that.
    const pageKey =
      Object.keys(manifest).find((key) => key.endsWith('features/auth/components/LoginPage.tsx')) ??
      Object.keys(manifest).find((key) =>
        key.endsWith('features/landing/components/LandingPage.tsx'),
      );
    expect(pageKey, 'the login (or landing) page is its own chunk').toBeDefined();

    const files = new Set([
      ...staticClosure(manifest, entryKey as string),
      ...staticClosure(manifest, pageKey as string),
    ]);
    const sizes = [...files].map((file) => ({ file, gzip: gzippedSize(file) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

    console.info(
      [
        `Signed-out visit (entry + ${pageKey}): ${kb(total)} gzipped of ${kb(BUDGET_BYTES)}`,
        ...sizes.sort((a, b) => b.gzip - a.gzip).map(({ file, gzip }) => `  ${kb(gzip)}  ${file}`),
      ].join('\n'),
    );
    expect(total).toBeLessThan(BUDGET_BYTES);
  }, 180_000);
});
