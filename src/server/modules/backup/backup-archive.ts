// One backup is one .tar.gz: manifest.json, the database (database.sql, a data-only dump in
// pg_dump's plain format) and every uploaded file (files/<storage key>). Decision 075.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageAdapter } from '../../adapters/storage/storage.adapter';
import type { Database } from '../../db/client';
import { backupPrefix } from './backup-store';
import {
  dumpDatabase,
  dumpOptions,
  excludedTables,
  restoreDatabase,
  type BackupData,
  type DumpedTable,
  type SchemaVersion,
} from './database-dump';
import { extractTarGzFile, writeTarGz, type TarMember } from './tar-gz';
import { announceBlockedIpsChanged } from '../security/blocked-ips.service';

/** The archive member holding the database. */
export const databaseMember = 'database.sql';

export type BackupManifest = {
  format: 'uplink-backup';
  /** 2: the database as database.sql; 1 (before decision 075): JSON lines per table. */
  formatVersion: 1 | 2;
  appVersion: string;
  /** The last migration applied to the database backed up. */
  schemaVersion: SchemaVersion;
  createdAt: string;
  /** The engine it came from; either engine restores it. */
  engine: 'pglite' | 'postgres';
  database:
    | {
        format: 'pg_dump-plain';
        /** The archive member, and the pg_dump options whose output it matches. */
        file: typeof databaseMember;
        dumpOptions: string;
        /** In restore order (parents first). */
        tables: DumpedTable[];
        excludedTables: string[];
      }
    | {
        format: 'json-lines-per-table';
        tables: (DumpedTable & { file: string })[];
        excludedTables: string[];
        sequences: Record<string, number>;
      };
  rowCounts: Record<string, number>;
  files: { key: string; sizeBytes: number }[];
  /** SHA-256 (hex) of every other member of the archive. */
  checksums: Record<string, string>;
};

export type Progress = (progress: number, step: string) => Promise<void> | void;

export const appVersion: string = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../../package.json', import.meta.url)), 'utf8'),
  ) as { version: string }
).version;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Keys of the uploaded files, backups and half-written temporary files left out. */
async function storedFileKeys(storage: StorageAdapter): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list('')) {
    if (file.key.startsWith(backupPrefix) || file.key.endsWith('.tmp')) continue;
    keys.push(file.key);
  }
  return keys.sort();
}

export type ArchiveSources = {
  db: Database;
  engine: 'pglite' | 'postgres';
  storage: StorageAdapter;
};

/** Builds a backup archive in a temporary folder; the caller keeps it and removes `cleanup`. */
export async function buildBackupArchive(
  sources: ArchiveSources,
  createdAt: Date,
  onProgress: Progress,
): Promise<{ file: string; manifest: BackupManifest; cleanup: () => Promise<void> }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'uplink-backup-'));
  const cleanup = () => rm(work, { recursive: true, force: true });
  try {
    const databaseFile = path.join(work, databaseMember);
    const dump = await dumpDatabase(
      sources.db,
      databaseFile,
      `Uplink ${appVersion}`,
      (done, total, table) =>
        onProgress(5 + Math.round((done / total) * 55), `Copying the database (${table})`),
    );

    const keys = await storedFileKeys(sources.storage);
    const files: BackupManifest['files'] = [];
    for (const [index, key] of keys.entries()) {
      if (index % 10 === 0)
        await onProgress(
          60 + Math.round((index / keys.length) * 30),
          `Copying uploaded files (${index + 1} of ${keys.length})`,
        );
      const bytes = await sources.storage.get(key);
      if (!bytes) continue; // deleted since the listing
      const file = path.join(work, 'files', key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      files.push({ key, sizeBytes: bytes.length });
    }

    await onProgress(92, 'Writing the archive');
    const members: TarMember[] = [
      { name: databaseMember, file: databaseFile },
      ...files.map((f) => ({ name: `files/${f.key}`, file: path.join(work, 'files', f.key) })),
    ];
    const checksums: Record<string, string> = {};
    for (const member of members) checksums[member.name] = await sha256Of(member.file);
    const manifest: BackupManifest = {
      format: 'uplink-backup',
      formatVersion: 2,
      appVersion,
      schemaVersion: dump.version,
      createdAt: createdAt.toISOString(),
      engine: sources.engine,
      database: {
        format: 'pg_dump-plain',
        file: databaseMember,
        dumpOptions,
        tables: dump.tables,
        excludedTables: [...excludedTables],
      },
      rowCounts: Object.fromEntries(dump.tables.map((t) => [t.name, t.rows])),
      files,
      checksums,
    };
    const manifestFile = path.join(work, 'manifest.json');
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = path.join(work, 'backup.tar.gz');
    await writeTarGz(archive, [{ name: 'manifest.json', file: manifestFile }, ...members]);
    return { file: archive, manifest, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export class UnusableBackupError extends Error {}

/** Unpacks and checks an archive: every member listed in the manifest, every checksum right. */
export async function openBackupArchive(archive: string, folder: string) {
  let names: string[];
  try {
    names = await extractTarGzFile(archive, folder);
  } catch (error) {
    throw new UnusableBackupError(`The backup file is damaged: ${(error as Error).message}`);
  }
  if (!names.includes('manifest.json')) throw new UnusableBackupError('The backup has no manifest');
  const manifest = JSON.parse(
    await readFile(path.join(folder, 'manifest.json'), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 'uplink-backup' || ![1, 2].includes(manifest.formatVersion))
    throw new UnusableBackupError('Not an Uplink backup, or made by a newer version');
  for (const name of names) {
    if (name === 'manifest.json') continue;
    const expected = manifest.checksums[name];
    if (!expected) throw new UnusableBackupError(`The backup holds an unlisted file: ${name}`);
    if ((await sha256Of(path.join(folder, name))) !== expected)
      throw new UnusableBackupError(`The backup is damaged: ${name} does not match its checksum`);
  }
  for (const name of Object.keys(manifest.checksums)) {
    if (!names.includes(name)) throw new UnusableBackupError(`The backup is missing ${name}`);
  }
  return manifest;
}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  json: 'application/json',
};

/** Puts the database and the files back exactly as the unpacked backup in `folder` holds them. */
export async function restoreFromFolder(
  sources: ArchiveSources,
  folder: string,
  manifest: BackupManifest,
  onProgress: Progress,
): Promise<void> {
  const data: BackupData =
    manifest.database.format === 'json-lines-per-table'
      ? {
          format: 'ndjson',
          folder: path.join(folder, 'database'),
          tables: manifest.database.tables,
          sequences: manifest.database.sequences,
        }
      : { format: 'sql', file: path.join(folder, databaseMember) };
  await restoreDatabase(
    sources.db,
    { version: manifest.schemaVersion, tables: manifest.database.tables, data },
    (done, total, table) =>
      onProgress(10 + Math.round((done / total) * 60), `Restoring the database (${table})`),
  );
  // Every process holding the blocked list in memory reads it again (decision 076).
  await announceBlockedIpsChanged(sources.db);
  await onProgress(72, 'Restoring uploaded files');
  const wanted = new Set(manifest.files.map((f) => f.key));
  for (const key of await storedFileKeys(sources.storage)) {
    if (!wanted.has(key)) await sources.storage.delete(key);
  }
  for (const [index, { key }] of manifest.files.entries()) {
    if (index % 10 === 0)
      await onProgress(
        72 + Math.round((index / manifest.files.length) * 26),
        `Restoring uploaded files (${index + 1} of ${manifest.files.length})`,
      );
    const bytes = await readFile(path.join(folder, 'files', key));
    const extension = key.split('.').pop()?.toLowerCase() ?? '';
    await sources.storage.put(key, bytes, contentTypes[extension] ?? 'application/octet-stream');
  }
}
