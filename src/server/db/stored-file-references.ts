import { getTableName, inArray, isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * What one area's rows say about stored files (decision 037): the stored-files sweep deletes a
 * file no area names. Each area answers for its own columns, so no other reads its tables.
 */
export type StoredFileReferences = {
  /** `table.column` of every column that holds storage keys. */
  columns: readonly string[];
  /** Which of `keys` some row names. */
  findReferencedKeys(db: Database, keys: readonly string[]): Promise<Set<string>>;
  /** Whether any row names a stored file at all. */
  anyKeyReferenced(db: Database): Promise<boolean>;
};

/** The references held in these columns, one query per column. */
export function storedFileReferences(keyColumns: readonly PgColumn[]): StoredFileReferences {
  return {
    columns: keyColumns.map((column) => `${getTableName(column.table)}.${column.name}`),
    async findReferencedKeys(db, keys) {
      const referenced = new Set<string>();
      if (keys.length === 0) return referenced;
      for (const column of keyColumns) {
        const rows = await db
          .select({ key: column })
          .from(column.table)
          .where(inArray(column, [...keys]));
        for (const row of rows) if (typeof row.key === 'string') referenced.add(row.key);
      }
      return referenced;
    },
    async anyKeyReferenced(db) {
      for (const column of keyColumns) {
        const rows = await db
          .select({ key: column })
          .from(column.table)
          .where(isNotNull(column))
          .limit(1);
        if (rows.length > 0) return true;
      }
      return false;
    },
  };
}
