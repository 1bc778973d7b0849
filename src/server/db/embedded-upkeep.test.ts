// Decision 091: the embedded database has no autovacuum, so a nightly job vacuums and analyses
// it; on a PostgreSQL server the job leaves that to autovacuum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { upkeepEmbeddedDatabase } from './embedded-upkeep';

const statistics = async (handle: DatabaseHandle) => {
  // Activity counts reach the statistics views when the backend flushes them: now.
  await handle.query('select pg_stat_force_next_flush()');
  return (
    await handle.query(
      `select c.reltuples::int as estimate, s.n_dead_tup::int as dead
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid
        where c.relname = 'upkeep_probe'`,
    )
  ).rows[0] as { estimate: number; dead: number };
};

describe('upkeep of the embedded database', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reclaims dead rows and brings the statistics up to date', async () => {
    await handle.exec(`create table upkeep_probe (id int primary key, note text);
      insert into upkeep_probe select g, 'before' from generate_series(1, 500) g;
      update upkeep_probe set note = 'after' where id <= 200;`);
    const before = await statistics(handle);
    // Never analysed: the planner knows nothing of the 500 rows.
    expect(before.estimate).toBe(-1);
    expect(before.dead).toBe(200);

    expect(await upkeepEmbeddedDatabase(handle)).toBe(true);
    expect(await statistics(handle)).toEqual({ estimate: 500, dead: 0 });
  });
});

describe('upkeep on a PostgreSQL server', () => {
  it('is left to the server (its autovacuum)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return; // `npm run test:pg` runs this part
    const handle = await openDatabase({ databaseUrl: url });
    try {
      expect(await upkeepEmbeddedDatabase(handle)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
