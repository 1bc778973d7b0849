import type { Database } from '../../db/client';
import { customerPhotoFileReferences } from '../customer-links/customer-photo-keys.service';
import { visitFileReferences } from '../visits/visit-file-keys.service';

/**
 * Every area whose rows hold storage keys (decision 037). A stored file none of them names is
 * swept once its grace period is over, so a new column holding keys must be listed by its area,
 * and a new area here (stored-files.test.ts fails on a `*_key` column no area lists).
 */
const areas = [visitFileReferences, customerPhotoFileReferences];

/** `table.column` of every column that holds storage keys. */
export const storageKeyColumns: readonly string[] = areas.flatMap((area) => area.columns);

/** Which of `keys` some row points to. */
export async function findReferencedKeys(db: Database, keys: readonly string[]) {
  const referenced = new Set<string>();
  if (keys.length === 0) return referenced;
  for (const area of areas) {
    for (const key of await area.findReferencedKeys(db, keys)) referenced.add(key);
  }
  return referenced;
}

/** Whether any row points to a stored file at all. */
export async function anyKeyReferenced(db: Database): Promise<boolean> {
  for (const area of areas) if (await area.anyKeyReferenced(db)) return true;
  return false;
}
