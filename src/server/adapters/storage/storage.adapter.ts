import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { createS3Storage } from './s3-storage';
import { assertStorageKey, type StorageAdapter, type StoredFile } from './storage-key';

export type { StorageAdapter, StoredFile };

/** The files under `directory`, keyed from `keyPrefix`, depth first; a missing folder is empty. */
async function* walk(directory: string, keyPrefix: string): AsyncGenerator<StoredFile> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const file = path.join(directory, entry.name);
    const key = `${keyPrefix}${entry.name}`;
    if (entry.isDirectory()) yield* walk(file, `${key}/`);
    else if (entry.isFile()) {
      const info = await stat(file).catch(() => null); // gone since the listing
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}

/** Files in `root` (made on first write); writes go to a temporary name, then rename. */
export function createFolderStorage(root: string): StorageAdapter {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'folder',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      // Walk the prefix's folder, then keep what starts with the whole prefix.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      if (folder) assertStorageKey(folder.slice(0, -1));
      for await (const file of walk(path.join(root, folder), folder))
        if (file.key.startsWith(prefix)) yield file;
    },
  };
}

export function createStorageAdapter(config: Config): StorageAdapter {
  if (config.S3_BUCKET) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  // The customer journey's uploads already live here (decision 026).
  return createFolderStorage(path.join(config.DATA_DIR, 'uploads'));
}
