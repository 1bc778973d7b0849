import type { Database } from './client';

/**
 * Runs `work` in one transaction, handing it the transaction as a Database so repositories
 * and `recordAudit` take either. A change and its audit row or event commit together.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((txRaw) => work(txRaw as unknown as Database));
}
