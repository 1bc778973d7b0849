import { isStorageKey } from '../../adapters/storage/storage-key';
import type { AppDeps } from '../../app-deps';
import { anyKeyReferenced, findReferencedKeys } from './referenced-keys';

type Deps = Pick<AppDeps, 'database' | 'adapters'>;

/** The scheduled job's name (pg-boss keeps schedules by name). */
export const sweepStoredFilesJob = 'stored-files.sweep-unreferenced';

/**
 * The folders the app writes files into (visit photos and thumbnails, signatures, customer
 * photos). Only these are swept: a shared bucket may hold what is not ours.
 */
export const sweptFolders = ['visit-photos/', 'visit-signatures/', 'customer-photos/'] as const;

/** A file younger than this may belong to an upload still on its way to its row. */
export const sweepGraceMs = 60 * 60 * 1000;

const batchSize = 500;

export type SweepResult = {
  /** Files old enough to judge. */
  examined: number;
  deleted: string[];
  /** True when nothing points to any file and the sweep stood back (see below). */
  skipped: boolean;
};

/**
 * Deletes stored files no database row points to and older than the grace period (issue 18): an
 * upload whose row never came (refused, or the server stopped between the two), a replaced
 * signature, a leftover temporary file. When no row points to any file while old files exist,
 * the database is not the one these files belong to (a new database on an old DATA_DIR or
 * bucket): nothing is deleted and the caller is told.
 */
export async function sweepUnreferencedFiles(
  deps: Deps,
  options: { now?: Date; graceMs?: number } = {},
): Promise<SweepResult> {
  const db = deps.database.db;
  const storage = deps.adapters.storage;
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? sweepGraceMs);
  const result: SweepResult = { examined: 0, deleted: [], skipped: false };
  const anyReferenced = await anyKeyReferenced(db);

  const judge = async (keys: string[]) => {
    const referenced = await findReferencedKeys(db, keys);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      result.deleted.push(key);
    }
  };

  for (const folder of sweptFolders) {
    let batch: string[] = [];
    for await (const file of storage.list(folder)) {
      if (!isStorageKey(file.key) || file.modifiedAt.getTime() > cutoff) continue;
      result.examined += 1;
      if (!anyReferenced) {
        result.skipped = true;
        continue;
      }
      batch.push(file.key);
      if (batch.length >= batchSize) {
        await judge(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await judge(batch);
  }
  return result;
}
