/**
 * Where uploaded files live (photos, signatures): a folder under DATA_DIR by default, or an
 * S3-compatible bucket when S3_BUCKET is set (decision 037). Keys are relative paths such as
 * `visit-photos/2026-11/<uuid>.jpg`; the database keeps the key, never a file name from a client.
 */
/** A stored file as a listing sees it. */
export type StoredFile = { key: string; modifiedAt: Date };

export type StorageAdapter = {
  kind: 'folder' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder such as `visit-photos/`), in no order. */
  list(prefix: string): AsyncIterable<StoredFile>;
};

const keyPattern = /^[a-z0-9][a-z0-9\-_/.]*$/i;

/** Whether a key is one we could have made (a listing may show others: temporary files). */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key) && !key.split('/').some((part) => part === '..' || part === '');
}

/** Refuses keys that could leave the folder or the bucket prefix. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
}
