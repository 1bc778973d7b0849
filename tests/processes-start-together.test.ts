// Issue 23: two real server processes started at the same moment on one new PostgreSQL
// database both start (one migrates and seeds, the other waits; decision 084), serve, and stop
// cleanly on SIGTERM. PostgreSQL only: a second process on PGlite's data folder is refused.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/server/db/migrate';
import { freePort, spawnServer, type ServerProcess } from './support/server-process';

const serverBaseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `uplink_start_together_${process.pid}`;
const started: ServerProcess[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverBaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  if (serverBaseUrl) await admin(`drop database if exists "${databaseName}" with (force)`);
});

describe.skipIf(!serverBaseUrl)(
  'server processes started together on a new database (PostgreSQL only: needs TEST_DATABASE_URL, set by npm run test:pg)',
  { timeout: 180_000 },
  () => {
    it('both start, one having migrated and seeded, both serve, both stop cleanly', async () => {
      await admin(`drop database if exists "${databaseName}" with (force)`);
      await admin(`create database "${databaseName}"`);
      const url = new URL(serverBaseUrl!);
      url.pathname = `/${databaseName}`;
      const env = {
        DATABASE_URL: url.toString(),
        SESSION_SECRET: 'together-secret-together-secret-0123456789',
        SEED_DEMO: 'false',
      };
      const servers = await Promise.all(
        [0, 1].map(async () => {
          const port = await freePort();
          return spawnServer({
            ...env,
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          });
        }),
      );
      started.push(...servers);
      await Promise.all(servers.map((server) => server.ready));
      for (const server of servers) {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status, server.output()).toBe(200);
      }
      // One of them made the first start's record; the other found it.
      const firstStart = servers.filter((server) =>
        server.output().includes('First start without demo data'),
      );
      expect(firstStart).toHaveLength(1);

      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const journal = JSON.parse(
          readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const applied = await client.query(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      } finally {
        await client.end();
      }

      for (const server of servers) server.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    });
  },
);
