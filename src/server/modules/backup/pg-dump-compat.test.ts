// A backup's database.sql is pg_dump's plain format: psql loads it, as it would pg_dump's own
// output, onto a database made from the migrations, with every row and sequence the same.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { tableFingerprints } from '../../../../tests/support/backup-fingerprints';
import { buildCompanyWorld } from '../../../../tests/factories/contractor-world';
import { createPartner } from '../../../../tests/factories/orders';
import { databaseMember, openBackupArchive } from './backup-archive';
import { backupStoreOf, createBackupNow } from './backup.service';
import { excludedTables } from './database-dump';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let app: TestApp;
beforeAll(async () => {
  if (onPostgres) app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** psql, as an operator would run it; without psql, the same script as one simple query. */
async function applyWithPsql(url: string, file: string) {
  try {
    await promisify(execFile)('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', file, url]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(await readFile(file, 'utf8'));
    } finally {
      await client.end();
    }
  }
}

async function sequences(handle: DatabaseHandle) {
  const { rows } = await handle.query(
    `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return rows;
}

describe.skipIf(!onPostgres)('database.sql is a pg_dump-compatible dump', () => {
  it('loads with psql onto a freshly migrated database: same rows, same sequences', async () => {
    await buildCompanyWorld(app);
    await createPartner(app, {
      name: `O'Brien; -- \\ "Ltd" /* */ E'x' \r\nsecond line ☃`,
      contactName: '',
    });
    const made = await createBackupNow(app.deps, {}, 'cli');

    const work = await mkdtemp(path.join(os.tmpdir(), 'uplink-psql-'));
    const source = app.deps.database;
    const target = new URL(source.url!);
    target.pathname = `${target.pathname}_psql`;
    const server = new pg.Client({ connectionString: source.url });
    await server.connect();
    const name = target.pathname.slice(1);
    let loaded: DatabaseHandle | undefined;
    try {
      const archive = path.join(work, made.name);
      expect(await backupStoreOf(app.deps).fetch(made.name, archive)).toBe(true);
      const manifest = await openBackupArchive(archive, path.join(work, 'unpacked'));
      expect(manifest.database).toMatchObject({ format: 'pg_dump-plain', file: databaseMember });
      const script = path.join(work, 'unpacked', databaseMember);
      const text = await readFile(script, 'utf8');
      expect(text).toMatch(/^--\n-- PostgreSQL database dump\n--\n/);
      expect(text).toContain('SET standard_conforming_strings = on;\n');
      expect(text).toMatch(/\nINSERT INTO public\.users \([a-z_, ]+\) VALUES\n\t\(/);
      expect(text).toMatch(
        /\nSELECT pg_catalog\.setval\('public\.[a-z_]+', \d+, (true|false)\);\n/,
      );

      await server.query(`drop database if exists "${name}" with (force)`);
      await server.query(`create database "${name}"`);
      loaded = await openDatabase({ databaseUrl: target.toString(), maxConnections: 2 });
      await migrate(loaded);
      await applyWithPsql(target.toString(), script);
      // The report facts are the events' (decision 077): left out of the dump, worked out again
      // as a restore does, they are the source's.
      await loaded.query('select report_facts_rebuild()');

      const before = await tableFingerprints(source);
      const after = await tableFingerprints(loaded);
      for (const table of Object.keys(before)) {
        if (table === 'report_facts') {
          expect(after[table], table).toEqual(before[table]);
        } else if ((excludedTables as readonly string[]).includes(table)) {
          expect(after[table]!.rows, table).toBe(0);
        } else {
          expect(after[table], table).toEqual(before[table]);
          expect(after[table]!.rows, table).toBe(manifest.rowCounts[table]);
        }
      }
      expect(before.partners!.rows).toBeGreaterThan(1);
      expect(await sequences(loaded)).toEqual(await sequences(source));
    } finally {
      await loaded?.close();
      await server.query(`drop database if exists "${name}" with (force)`);
      await server.end();
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
