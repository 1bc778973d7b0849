// Where backup files are kept: DATA_DIR/backups by default, or the `backups/` prefix of the
// S3 bucket when file storage is S3 (S3_BUCKET set).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { backupNamePattern, type BackupSummary } from '@shared/backup/backup.contracts';
import type { Config } from '../../config';
import { createS3Storage } from '../../adapters/storage/s3-storage';

export type BackupStore = {
  /** In words, for the page: where backups go. */
  location: string;
  list(): Promise<BackupSummary[]>;
  /** Keeps the file at `file` under `name`. */
  save(name: string, file: string): Promise<void>;
  /** The backup's bytes as a stream, with its size; null when there is no such backup. */
  open(name: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  /** Copies the backup to `file`; false when there is no such backup. */
  fetch(name: string, file: string): Promise<boolean>;
  delete(name: string): Promise<boolean>;
};

/** The time in a backup's name: uplink-backup-2026-11-26T04-40-12-345Z.tar.gz. */
export function backupCreatedAt(name: string): string {
  const stamp = name.replace('uplink-backup-', '').replace('.tar.gz', '');
  const [date, time] = stamp.split('T');
  const [h, m, s, ms] = time!.replace('Z', '').split('-');
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`).toISOString();
}

export function backupNameFor(at: Date): string {
  return `uplink-backup-${at.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;
}

const newestFirst = (a: BackupSummary, b: BackupSummary) => b.name.localeCompare(a.name);

function folderStore(root: string): BackupStore {
  const fileOf = (name: string) => path.join(root, name);
  return {
    location: 'the data folder (backups)',
    async list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const backups: BackupSummary[] = [];
      for (const name of names.filter((n) => backupNamePattern.test(n))) {
        const info = await stat(fileOf(name)).catch(() => null);
        if (info) backups.push({ name, sizeBytes: info.size, createdAt: backupCreatedAt(name) });
      }
      return backups.sort(newestFirst);
    },
    async save(name, file) {
      await mkdir(root, { recursive: true });
      const temporary = `${fileOf(name)}.partial`;
      await pipeline(createReadStream(file), createWriteStream(temporary));
      await rename(temporary, fileOf(name));
    },
    async open(name) {
      const info = await stat(fileOf(name)).catch(() => null);
      if (!info) return null;
      return { stream: createReadStream(fileOf(name)), sizeBytes: info.size };
    },
    async fetch(name, file) {
      const opened = await this.open(name);
      if (!opened) return false;
      await pipeline(opened.stream, createWriteStream(file));
      return true;
    },
    async delete(name) {
      const info = await stat(fileOf(name)).catch(() => null);
      if (!info) return false;
      await rm(fileOf(name), { force: true });
      return true;
    },
  };
}

function s3Store(config: Config): BackupStore {
  const { client } = createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  const Bucket = config.S3_BUCKET!;
  const keyOf = (name: string) => `${backupPrefix}${name}`;
  const missing = (error: unknown) => {
    const name = (error as { name?: string }).name;
    return name === 'NoSuchKey' || name === 'NotFound';
  };
  const store: BackupStore = {
    location: `S3 bucket ${Bucket} (backups/)`,
    async list() {
      const backups: BackupSummary[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: backupPrefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(backupPrefix.length) ?? '';
          if (backupNamePattern.test(name))
            backups.push({ name, sizeBytes: object.Size ?? 0, createdAt: backupCreatedAt(name) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return backups.sort(newestFirst);
    },
    async save(name, file) {
      const info = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: createReadStream(file),
          ContentLength: info.size,
          ContentType: 'application/gzip',
        }),
      );
    },
    async open(name) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!result.Body) return null;
        return { stream: result.Body as Readable, sizeBytes: result.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async fetch(name, file) {
      const opened = await store.open(name);
      if (!opened) return false;
      await pipeline(opened.stream, createWriteStream(file));
      return true;
    },
    async delete(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(name) }));
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
      return true;
    },
  };
  return store;
}

/** Backups share the files' bucket under this prefix; a backup's file list leaves it out. */
export const backupPrefix = 'backups/';

export function createBackupStore(config: Config): BackupStore {
  return config.S3_BUCKET ? s3Store(config) : folderStore(path.join(config.DATA_DIR, 'backups'));
}
