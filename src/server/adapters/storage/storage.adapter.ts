import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { createS3Storage } from './s3-storage';
import { assertStorageKey, type StorageAdapter } from './storage-key';

export type { StorageAdapter };

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
