import type { DatabaseHandle } from './client';

// The embedded database has no autovacuum: PGlite is one backend in this process, with no
// launcher to start workers. Without upkeep its tables keep every dead row version an update
// leaves, and the planner's statistics stay as the last index build left them (often an empty
// table), so plans and the lists' estimated counts drift from the data (decision 091). A
// PostgreSQL server's autovacuum does this itself.

/** The nightly upkeep job's name: stored by the queue, so it keeps this name. */
export const embeddedUpkeepJob = 'database.embedded-upkeep';

/**
 * VACUUM (ANALYZE) on the embedded database: reclaims dead rows and refreshes the statistics.
 * Answers whether it ran (never on a PostgreSQL server, where autovacuum does it).
 */
export async function upkeepEmbeddedDatabase(database: DatabaseHandle): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.exec('vacuum (analyze)');
  return true;
}
