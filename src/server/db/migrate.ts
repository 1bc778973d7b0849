import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Applies every committed migration that has not run yet. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await handle.exec(
    'create extension if not exists citext; create extension if not exists pg_trgm;',
  );
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
