// Several app processes started at once on one new PostgreSQL database (issue 23): one runs
// the migrations, the others wait for it and then find nothing left to do (decision 084).
// PostgreSQL only: PGlite runs inside one process (a second one is refused: DataDirInUseError).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { migrate, migrationsFolder } from './migrate';
import { createJobQueue } from '../jobs/queue';
import { runFirstStartSeed } from '../seed/seed';
import { waitFor } from '../../../tests/support/auth';

const serverBaseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `uplink_migrate_race_${process.pid}`;
const handles: DatabaseHandle[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverBaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function freshDatabaseUrl(): string {
  const url = new URL(serverBaseUrl!);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

beforeAll(async () => {
  if (!serverBaseUrl) return;
  await admin(async (client) => {
    await client.query(`drop database if exists "${databaseName}" with (force)`);
    await client.query(`create database "${databaseName}"`);
  });
});

afterAll(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  if (!serverBaseUrl) return;
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
});

describe.skipIf(!serverBaseUrl)(
  'migrations started by several processes at once (PostgreSQL only: needs TEST_DATABASE_URL, set by npm run test:pg)',
  () => {
    it('applies the schema once; every process waits for it and starts', async () => {
      const url = freshDatabaseUrl();
      // Three processes' own pools, as three servers would have.
      for (let i = 0; i < 3; i += 1)
        handles.push(await openDatabase({ databaseUrl: url, maxConnections: 2 }));

      const results = await Promise.allSettled(handles.map((handle) => migrate(handle)));
      expect(
        results.map((result) => (result.status === 'rejected' ? result.reason : 'ok')),
      ).toEqual(['ok', 'ok', 'ok']);

      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      const { rows } = await handles[0]!.query(
        'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({
        applied: journal.entries.length,
        distinct: journal.entries.length,
      });
      // The schema is whole: a table of the last migration answers.
      await expect(handles[1]!.query('select count(*) from order_events')).resolves.toBeDefined();
    });

    it("installs the job queue's schema once when the processes start their queues together", async () => {
      const queues = handles.map((handle) => createJobQueue(handle, { runWorkers: false }));
      const results = await Promise.allSettled(queues.map((queue) => queue.start()));
      await Promise.all(queues.map((queue) => queue.stop()));
      expect(
        results.map((result) => (result.status === 'rejected' ? result.reason : 'ok')),
      ).toEqual(['ok', 'ok', 'ok']);
      const { rows } = await handles[0]!.query('select count(*)::int as n from pgboss.version');
      expect(rows[0]).toEqual({ n: 1 });
    });

    it('seeds a first start once, however many processes start together', async () => {
      // Each process reads "not seeded yet" before any of them writes: the writes are held back
      // (a lock that lets reads through) until all three are waiting, then let go together.
      const gate = new pg.Client({ connectionString: freshDatabaseUrl() });
      await gate.connect();
      await gate.query('begin');
      await gate.query('lock table app_meta in share row exclusive mode');
      const seeding = Promise.allSettled(
        handles.map((handle) => runFirstStartSeed(handle.db, { demo: false })),
      );
      await waitFor(async () => {
        const { rows } = await gate.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (rows[0] as { n: number }).n === 3 ? true : null;
      });
      await gate.query('commit');
      await gate.end();
      const results = await seeding;
      expect(
        results.map((result) => (result.status === 'rejected' ? result.reason : 'ok')),
      ).toEqual(['ok', 'ok', 'ok']);
      const seeded = results.filter(
        (result) => result.status === 'fulfilled' && result.value.seededNow,
      );
      expect(seeded).toHaveLength(1);
      const { rows } = await handles[2]!.query(
        `select count(*)::int as n from app_meta where key = 'seed'`,
      );
      expect(rows[0]).toEqual({ n: 1 });
    });
  },
);
