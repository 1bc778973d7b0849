// Builds the web app when its sources changed since the last build, so `npm start` on a
// fresh clone (or after a pull) never serves a missing or stale bundle.
//
// A build never touches the folder a running server reads (decision 025): Vite writes into a
// new folder under dist/web-builds/, the previous build's hashed assets are copied in (a page
// loaded before the rebuild may still ask for them), and only then is the dist/web symlink
// swapped to the new folder with one rename, which is atomic.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const distRoot = path.join(root, 'dist');

/** The files a build made itself, as opposed to assets carried over from the build before. */
const ownAssetsFile = '.own-assets.json';
const stampName = '.build-hash';

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

function readOwnAssets(buildDir: string): string[] {
  const listed = path.join(buildDir, ownAssetsFile);
  if (existsSync(listed)) return JSON.parse(readFileSync(listed, 'utf8')) as string[];
  const assets = path.join(buildDir, 'assets');
  return existsSync(assets) ? readdirSync(assets) : [];
}

/** The folder dist/web points at now, or undefined when there is no build yet. */
function currentBuild(link: string): string | undefined {
  if (!existsSync(link)) return undefined;
  if (!lstatSync(link).isSymbolicLink()) return link;
  return path.resolve(path.dirname(link), readlinkSync(link));
}

/**
 * Runs `build` into a fresh folder, then makes `<dist>/web` point at it in one atomic rename.
 * The previous build's own hashed assets are copied into the new one; builds older than the
 * previous one are removed.
 */
export async function publishBuild(
  dist: string,
  build: (outDir: string) => Promise<void>,
  stamp?: string,
): Promise<string> {
  const link = path.join(dist, 'web');
  const buildsDir = path.join(dist, 'web-builds');
  mkdirSync(buildsDir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  const outDir = path.join(buildsDir, id);

  await build(outDir);

  const assetsDir = path.join(outDir, 'assets');
  mkdirSync(assetsDir, { recursive: true });
  const own = readdirSync(assetsDir);
  writeFileSync(path.join(outDir, ownAssetsFile), JSON.stringify(own));
  if (stamp) writeFileSync(path.join(outDir, stampName), stamp + '\n');

  const previous = currentBuild(link);
  if (previous && existsSync(previous)) {
    for (const file of readOwnAssets(previous)) {
      const from = path.join(previous, 'assets', file);
      const to = path.join(assetsDir, file);
      if (existsSync(from) && !existsSync(to)) copyFileSync(from, to);
    }
  }

  // A plain folder from before builds were published this way cannot be renamed over.
  if (previous === link) rmSync(link, { recursive: true, force: true });
  const nextLink = path.join(dist, `.web-${id}`);
  symlinkSync(path.relative(dist, outDir), nextLink, 'dir');
  renameSync(nextLink, link);

  // Keep the new build and the one before it (a running server may be mid-response from it).
  const keep = new Set([outDir, previous].filter(Boolean).map((dir) => path.resolve(dir!)));
  for (const entry of readdirSync(buildsDir)) {
    const dir = path.resolve(buildsDir, entry);
    if (!keep.has(dir)) rmSync(dir, { recursive: true, force: true });
  }
  return outDir;
}

export async function buildIfStale(options: { force?: boolean } = {}): Promise<boolean> {
  const wanted = sourceHash();
  const link = path.join(distRoot, 'web');
  const stampFile = path.join(link, stampName);
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!options.force && built === wanted && existsSync(path.join(link, 'index.html'))) {
    return false;
  }
  process.stdout.write('Building the web app…\n');
  const { build } = await import('vite');
  await publishBuild(
    distRoot,
    async (outDir) => {
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
    },
    wanted,
  );
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildIfStale({ force: process.argv.includes('--force') });
}
