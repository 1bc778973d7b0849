import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// One function for storing an upload, so the storage adapter of issue 13 (disk or S3) can take
// its place without touching the callers. Keys are relative: `customer-photos/2026-11/<uuid>.jpg`.

export async function saveUpload(
  dataDir: string,
  folder: string,
  bytes: Uint8Array,
  extension: string,
  now = new Date(),
): Promise<string> {
  const month = now.toISOString().slice(0, 7);
  const key = `${folder}/${month}/${randomUUID()}.${extension}`;
  const file = path.join(dataDir, 'uploads', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
  return key;
}
