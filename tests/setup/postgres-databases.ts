// Vitest global setup for the HTTP project: with TEST_DATABASE_URL, make one migrated
// database per worker on that server, and drop them all when the run ends.
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { workerDatabaseUrl } from '../support/test-database';

const workers = 2;

export async function setup() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let id = 1; id <= workers; id += 1) {
      const name = new URL(workerDatabaseUrl(baseUrl, id)).pathname.slice(1);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const handle = await openDatabase({
        databaseUrl: workerDatabaseUrl(baseUrl, id),
        maxConnections: 2,
      });
      await migrate(handle);
      await handle.close();
    }
  } finally {
    await admin.end();
  }
}

export async function teardown() {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let id = 1; id <= workers; id += 1) {
      const name = new URL(workerDatabaseUrl(baseUrl, id)).pathname.slice(1);
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}
