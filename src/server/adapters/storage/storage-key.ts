/**
 * Where uploaded files live (photos, signatures): a folder under DATA_DIR by default, or an
 * S3-compatible bucket when S3_BUCKET is set (decision 037). Keys are relative paths such as
 * `visit-photos/2026-11/<uuid>.jpg`; the database keeps the key, never a file name from a client.
 */
export type StorageAdapter = {
  kind: 'folder' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
};

const keyPattern = /^[a-z0-9][a-z0-9\-_/.]*$/i;

/** Refuses keys that could leave the folder or the bucket prefix. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === ''))
    throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
}
