import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/**
 * One database per test worker, opened and migrated once (opening PGlite costs seconds) and
 * emptied before each test file. With TEST_DATABASE_URL, each worker gets its own database
 * on that server, made by tests/setup/postgres-databases.ts.
 */
let handlePromise: Promise<DatabaseHandle> | undefined;

export function workerDatabaseUrl(baseUrl: string, poolId: string | number): string {
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/^\//, '') || 'postgres';
  url.pathname = `/${base}_w${poolId}`;
  return url.toString();
}

export function getTestDatabase(): Promise<DatabaseHandle> {
  handlePromise ??= (async () => {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) {
      return openDatabase({
        databaseUrl: workerDatabaseUrl(baseUrl, process.env.VITEST_POOL_ID ?? '1'),
        maxConnections: 5,
      });
    }
    const handle = await openDatabase({ dataDir: null });
    await migrate(handle);
    return handle;
  })();
  return handlePromise;
}

/** Empties every application table, so each test file starts from nothing. */
export async function resetTestDatabase(): Promise<void> {
  const handle = await getTestDatabase();
  const { rows } = await handle.query(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
       from pg_tables where schemaname = 'public'`,
  );
  const names = rows.map((row) => String(row.name));
  if (names.length > 0) await handle.exec(`truncate ${names.join(', ')} restart identity cascade`);
  const boss = await handle.query(
    `select 1 from pg_tables where schemaname = 'pgboss' and tablename = 'job'`,
  );
  if (boss.rows.length > 0) await handle.exec('delete from pgboss.job');
}
