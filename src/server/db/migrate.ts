import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * The advisory lock the migrations run under on PostgreSQL (decision 084): one app process
 * migrates, the others starting at the same time wait for it, then find nothing left to do.
 * A fixed number, so every process (and the CLI) names the same lock.
 */
export const migrationLockKey = 7_310_023_084n;

const extensions = 'create extension if not exists citext; create extension if not exists pg_trgm;';

/** Applies every committed migration that has not run yet. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // One process per data folder (DataDirInUseError): nobody else can be migrating.
    await handle.exec(extensions);
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await withSessionLock(handle, migrationLockKey, async () => {
    await handle.exec(extensions);
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  });
}

/**
 * Runs `work` holding a session-level advisory lock on a connection of its own, outside the
 * pool the work uses: the lock lasts until `work` ends (or the process dies, which ends the
 * connection and frees it), whatever transactions the work opens and closes meanwhile.
 */
async function withSessionLock<T>(
  handle: DatabaseHandle,
  key: bigint,
  work: () => Promise<T>,
): Promise<T> {
  if (!handle.url) throw new Error('A PostgreSQL handle needs its URL to take a lock');
  const client = new pg.Client({ connectionString: handle.url });
  // An error on the idle locking connection must not crash the process; the work fails instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
