// Builds the web app when its sources changed since the last build, so `npm start` on a
// fresh clone (or after a pull) never serves a missing or stale bundle.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const stampFile = path.join(root, 'dist/web/.build-hash');

function listFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => child.name !== 'node_modules')
    .flatMap((child) => listFiles(path.join(entry, child.name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export async function buildIfStale(): Promise<boolean> {
  const wanted = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built === wanted && existsSync(path.join(root, 'dist/web/index.html'))) return false;
  process.stdout.write('Building the web app…\n');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(stampFile, wanted + '\n');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildIfStale();
}
