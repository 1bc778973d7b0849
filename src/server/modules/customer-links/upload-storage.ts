import { randomUUID } from 'node:crypto';
import type { StorageAdapter } from '../../adapters/storage/storage.adapter';

// Stores a customer's upload through the storage adapter (a folder under DATA_DIR, or S3).
// Keys are relative: `customer-photos/2026-11/<uuid>.jpg`.

export async function saveUpload(
  storage: StorageAdapter,
  folder: string,
  bytes: Uint8Array,
  extension: string,
  contentType: string,
  now = new Date(),
): Promise<string> {
  const month = now.toISOString().slice(0, 7);
  const key = `${folder}/${month}/${randomUUID()}.${extension}`;
  await storage.put(key, bytes, contentType);
  return key;
}
