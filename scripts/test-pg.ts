// `npm run test:pg`: the database tests (Vitest's `http` project: every test that opens a
// database) against a PostgreSQL server. The unit and web projects never open one, so running
// them twice would prove nothing new. Makes a database for this run (per-worker databases are
// made from its name) and drops it afterwards. Other arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const serverUrl = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const runName = `uplink_test_${process.pid}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${runName}"`);
const url = new URL(serverUrl);
url.pathname = `/${runName}`;

let status = 1;
try {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'http', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url.toString() },
    },
  );
  status = result.status ?? 1;
} finally {
  await admin.query(`drop database if exists "${runName}" with (force)`);
  await admin.end();
}
process.exit(status);
