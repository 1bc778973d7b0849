import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { signIn, signInAs, waitFor, type AuthHeaders } from '../../../../tests/support/auth';
import {
  fileFingerprints,
  readTarGz,
  tableFingerprints,
} from '../../../../tests/support/backup-fingerprints';
import { buildCompanyWorld } from '../../../../tests/factories/contractor-world';
import { createPartner, buildOrder } from '../../../../tests/factories/orders';
import { issuePublicLink } from '../public-links/public-links.service';
import { queueMessage } from '../messages/messages.service';
import { buildBackupArchive, type BackupManifest } from './backup-archive';
import { backupStoreOf, createBackupNow, startRestore } from './backup.service';
import { backupNameFor } from './backup-store';
import { migrateUpTo, readJournal, schemaVersionOf } from './database-dump';
import { writeTarGz } from './tar-gz';

let app: TestApp;
let admin: AuthHeaders;

beforeAll(async () => {
  app = await createTestApp({ workers: true });
  admin = (await signInAs(app, 'back_office')).headers;
}, 60_000);

afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Partial<AuthHeaders> = admin) =>
  app.inject({ method: 'GET', url, headers });

async function backUpNow() {
  const started = await app.inject({ method: 'POST', url: '/api/backups', headers: admin });
  expect(started.statusCode).toBe(202);
  const runId = started.json().run.id as string;
  const run = await waitFor(
    async () => {
      const body = (await get(`/api/backups/runs/${runId}`)).json();
      return body.status === 'running' ? null : body;
    },
    { timeoutMs: 60_000 },
  );
  expect(run).toMatchObject({ status: 'succeeded', progress: 100, step: 'Done' });
  return run.name as string;
}

async function waitForMaintenanceEnd() {
  return waitFor(
    async () => {
      const status = (await get('/api/maintenance', {})).json();
      return status.active ? null : status;
    },
    { timeoutMs: 60_000 },
  );
}

describe('backups over HTTP', () => {
  it('refuses signed-out callers and every role but back office', async () => {
    expect((await get('/api/backups', {})).statusCode).toBe(401);
    for (const role of ['contractor', 'engineer', 'customer'] as const) {
      const { headers } = await signInAs(app, role);
      for (const [method, url] of [
        ['GET', '/api/backups'],
        ['POST', '/api/backups'],
        ['GET', '/api/backups/schedule'],
        ['PUT', '/api/backups/schedule'],
        ['GET', `/api/backups/${backupNameFor(new Date())}/download`],
        ['DELETE', `/api/backups/${backupNameFor(new Date())}`],
        ['POST', `/api/backups/${backupNameFor(new Date())}/restore`],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('backs up now with progress, lists, downloads and deletes', async () => {
    const empty = (await get('/api/backups')).json();
    expect(empty.backups).toEqual([]);
    expect(empty.location).toBe('the data folder (backups)');

    const name = await backUpNow();
    expect(name).toMatch(/^uplink-backup-.*\.tar\.gz$/);
    const listed = (await get('/api/backups')).json();
    expect(listed.backups).toHaveLength(1);
    expect(listed.backups[0]).toMatchObject({ name });
    expect(listed.latestRun).toMatchObject({ status: 'succeeded', name, trigger: 'manual' });

    const download = await get(`/api/backups/${name}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    const members = readTarGz(download.rawPayload);
    const manifest = JSON.parse(members.get('manifest.json')!.toString()) as BackupManifest;
    expect(manifest.appVersion).toBe('0.1.0');
    expect(manifest.schemaVersion.tag).toBe(readJournal().at(-1)!.tag);
    expect(manifest.rowCounts.users).toBeGreaterThanOrEqual(1);
    expect(manifest.database.excludedTables).toContain('sessions');
    expect(manifest).toMatchObject({
      formatVersion: 2,
      database: { format: 'pg_dump-plain', file: 'database.sql' },
    });
    expect([...members.keys()].filter((n) => !n.startsWith('files/')).sort()).toEqual([
      'database.sql',
      'manifest.json',
    ]);
    expect(members.get('database.sql')!.toString()).toMatch(
      /\nINSERT INTO public\.users \(.*\) VALUES\n\t\('/,
    );
    expect(Object.keys(manifest.checksums).sort()).toEqual(
      [...members.keys()].filter((n) => n !== 'manifest.json').sort(),
    );

    expect((await get('/api/backups/not-a-backup/download')).statusCode).toBe(400);
    expect((await get(`/api/backups/${backupNameFor(new Date(0))}/download`)).statusCode).toBe(404);
    const remove = () =>
      app.inject({ method: 'DELETE', url: `/api/backups/${name}`, headers: admin });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    expect((await get('/api/backups')).json().backups).toEqual([]);
  }, 90_000);

  it('keeps a daily schedule and refuses bad values field by field', async () => {
    expect((await get('/api/backups/schedule')).json()).toEqual({
      enabled: false,
      time: '02:00',
      keep: 7,
    });
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/backups/schedule', headers: admin, payload });
    const bad = await put({ enabled: true, time: '25:00', keep: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject({
      time: ['Enter a time as HH:MM, for example 02:30'],
      keep: ['Keep at least 1 backup'],
    });
    const good = await put({ enabled: true, time: '03:15', keep: 3 });
    expect(good.statusCode).toBe(200);
    expect((await get('/api/backups/schedule')).json()).toEqual({
      enabled: true,
      time: '03:15',
      keep: 3,
    });
    await put({ enabled: false, time: '03:15', keep: 3 });
  });
});

describe('restore', () => {
  it('puts every row and file back exactly, in maintenance, and ends every session', async () => {
    await buildCompanyWorld(app);
    const storage = app.deps.adapters.storage;
    await storage.put('visit-photos/2026-11/a.jpg', randomBytes(2000), 'image/jpeg');
    await storage.put('customer-photos/2026-11/b.png', randomBytes(70_000), 'image/png');
    const name = await backUpNow();
    const tablesBefore = await tableFingerprints(app.deps.database);
    const filesBefore = await fileFingerprints(storage);
    expect(tablesBefore.sessions!.rows).toBeGreaterThan(0);

    // Changes after the backup: a restore undoes them all.
    await buildOrder(app);
    await storage.delete('visit-photos/2026-11/a.jpg');
    await storage.put('visit-photos/2026-11/new.jpg', randomBytes(10), 'image/jpeg');

    const restore = (confirmName: string) =>
      app.inject({
        method: 'POST',
        url: `/api/backups/${name}/restore`,
        headers: admin,
        payload: { confirmName },
      });
    const mismatch = await restore('uplink-backup-wrong.tar.gz');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details.confirmName).toEqual([
      'The name you typed does not match this backup',
    ]);

    const started = await restore(name);
    expect(started.statusCode).toBe(202);
    expect(started.json().run).toMatchObject({ kind: 'restore', status: 'running', name });
    const status = await waitForMaintenanceEnd();
    expect(status.restore).toMatchObject({ status: 'succeeded', progress: 100, name });

    const tablesAfter = await tableFingerprints(app.deps.database);
    for (const table of Object.keys(tablesBefore)) {
      if (['sessions', 'idempotency_keys', 'rate_limit_counters'].includes(table)) {
        expect(tablesAfter[table]!.rows, table).toBe(0);
      } else {
        expect(tablesAfter[table], table).toEqual(tablesBefore[table]);
      }
    }
    expect(await fileFingerprints(storage)).toEqual(filesBefore);
    // Sessions ended: the admin must sign in again.
    expect((await get('/api/backups')).statusCode).toBe(401);
    admin = await signIn(app, (await signInAs(app, 'back_office')).user);
  }, 120_000);

  it('answers 503 with Retry-After and a plain message while a restore runs', async () => {
    const made = await createBackupNow(app.deps, {}, 'cli');
    const { done } = await startRestore(app.deps, made.name, { trigger: 'manual' });
    for (const url of ['/api/backups', '/api/auth/me', '/api/v1/orders', '/orders']) {
      const response = await app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({
        status: 503,
        code: 'MAINTENANCE',
        title: 'Service Unavailable',
        detail:
          'Uplink is restoring a backup and will be back in a few minutes. Please try again shortly.',
      });
    }
    const during = (await get('/api/maintenance', {})).json();
    expect(during).toMatchObject({ active: true, restore: { kind: 'restore', name: made.name } });
    expect((await done).status).toBe('succeeded');
    expect((await get('/api/maintenance', {})).json().active).toBe(false);
    admin = await signIn(app, (await signInAs(app, 'back_office')).user);
    expect((await get('/api/backups')).statusCode).toBe(200);
  }, 120_000);

  it('restores a backup made at an older schema version, then migrates it', async () => {
    const journal = readJournal();
    const older = journal.at(-2)!;
    const source = await openDatabase({ dataDir: null });
    try {
      await migrateUpTo(source.db, older.when);
      expect((await schemaVersionOf(source.db))!.tag).toBe(older.tag);
      await source.query(`insert into partners (name, code) values ('Older Partner', 'OLD1')`);
      const at = new Date();
      const built = await buildBackupArchive(
        { db: source.db, engine: 'pglite', storage: app.deps.adapters.storage },
        at,
        () => undefined,
      );
      expect(built.manifest.schemaVersion.tag).toBe(older.tag);
      await backupStoreOf(app.deps).save(backupNameFor(at), built.file);
      await built.cleanup();
      const { done } = await startRestore(app.deps, backupNameFor(at), { trigger: 'manual' });
      expect(await done).toMatchObject({ status: 'succeeded', error: null });
    } finally {
      await source.close();
    }
    expect((await schemaVersionOf(app.deps.database.db))!.tag).toBe(journal.at(-1)!.tag);
    const { rows } = await app.deps.database.query(`select name from partners`);
    expect(rows).toEqual([{ name: 'Older Partner' }]);
    // The newest migration's table is there and works.
    const runs = await app.deps.database.query(`select kind, status from backup_runs`);
    expect(runs.rows).toEqual([{ kind: 'restore', status: 'succeeded' }]);
    admin = await signIn(app, (await signInAs(app, 'back_office')).user);
  }, 120_000);

  it('still restores a backup made in the JSON-lines format (before decision 075)', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const os = await import('node:os');
    const work = await mkdtemp(path.join(os.tmpdir(), 'v1-'));
    const line = JSON.stringify({
      id: '0b5b8a3e-8a1c-4d5e-9f00-000000000001',
      name: 'From a v1 backup',
      code: 'V1',
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      sla_target_days: 3,
      active: true,
      created_at: '2026-11-01T10:00:00.123456+00:00',
      updated_at: '2026-11-01T10:00:00.123456+00:00',
    });
    await writeFile(path.join(work, 'partners.ndjson'), `${line}\n`);
    await writeFile(path.join(work, 'sequences.json'), JSON.stringify({ order_number_seq: 41 }));
    const { createHash } = await import('node:crypto');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const version = (await schemaVersionOf(app.deps.database.db))!;
    const at = new Date(Date.now() + 10_000);
    await writeFile(
      path.join(work, 'manifest.json'),
      JSON.stringify({
        format: 'uplink-backup',
        formatVersion: 1,
        appVersion: '0.1.0',
        schemaVersion: version,
        createdAt: at.toISOString(),
        engine: 'pglite',
        database: {
          format: 'json-lines-per-table',
          tables: [{ name: 'partners', rows: 1, file: 'partners.ndjson' }],
          excludedTables: [],
          sequences: { order_number_seq: 41 },
        },
        rowCounts: { partners: 1 },
        files: [],
        checksums: {
          'database/partners.ndjson': sha(`${line}\n`),
          'database/sequences.json': sha(JSON.stringify({ order_number_seq: 41 })),
        },
      }),
    );
    const archive = path.join(work, 'v1.tar.gz');
    await writeTarGz(archive, [
      { name: 'manifest.json', file: path.join(work, 'manifest.json') },
      { name: 'database/partners.ndjson', file: path.join(work, 'partners.ndjson') },
      { name: 'database/sequences.json', file: path.join(work, 'sequences.json') },
    ]);
    await backupStoreOf(app.deps).save(backupNameFor(at), archive);
    const { done } = await startRestore(app.deps, backupNameFor(at), { trigger: 'manual' });
    expect(await done).toMatchObject({ status: 'succeeded', error: null });
    const { rows } = await app.deps.database.query(
      `select name, sla_target_days, created_at::text as at from partners`,
    );
    expect(rows).toEqual([
      {
        name: 'From a v1 backup',
        sla_target_days: 3,
        at: expect.stringMatching(/^2026-11-01 10:00:00.123456/),
      },
    ]);
    const sequence = await app.deps.database.query(`select last_value from order_number_seq`);
    expect(Number(sequence.rows[0]!.last_value)).toBe(41);
    admin = await signIn(app, (await signInAs(app, 'back_office')).user);
  }, 60_000);

  it('refuses a damaged backup and leaves the database as it was', async () => {
    await createPartner(app, { name: 'Still Here' });
    const at = new Date(Date.now() + 5000);
    const name = backupNameFor(at);
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const path = await import('node:path');
    const os = await import('node:os');
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'bad-')), 'x.tar.gz');
    await writeFile(file, Buffer.from('not a gzip'));
    await backupStoreOf(app.deps).save(name, file);
    const { done } = await startRestore(app.deps, name, { trigger: 'manual' });
    const run = await done;
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^The backup file is damaged/);
    const { rows } = await app.deps.database.query(
      `select name from partners where name = 'Still Here'`,
    );
    expect(rows).toHaveLength(1);
  }, 60_000);
});

describe('secrets', () => {
  it('a backup holds no partner API key, session id or customer link token in plaintext', async () => {
    const partner = await createPartner(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/partner-api/keys',
      headers: { ...admin, 'idempotency-key': 'backup-secret-test-1' },
      payload: { partnerId: partner.id, name: 'Backup test', scopes: ['read'] },
    });
    expect(created.statusCode).toBe(201);
    const apiKey = created.json().key as string;
    const sessionToken = admin.cookie.split('=')[1]!;
    const order = await buildOrder(app, { partnerId: partner.id });
    const link = await issuePublicLink(app.deps.database.db, {
      orderId: order.id,
      purpose: 'customer_form',
    });
    await queueMessage(app.deps, {
      channel: 'email',
      kind: 'customer_form_link',
      to: 'customer@example.com',
      body: `Fill in the form: ${app.deps.config.PUBLIC_URL}${link.path}`,
      sensitive: true,
    });

    const made = await createBackupNow(app.deps, {}, 'cli');
    const download = await get(`/api/backups/${made.name}/download`);
    const members = readTarGz(download.rawPayload);
    const everything = Buffer.concat([...members.values()]).toString('utf8');
    expect(everything).toContain(partner.name); // the backup does hold the data
    for (const secret of [apiKey, sessionToken, link.token]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(everything.includes(secret)).toBe(false);
    }
  }, 60_000);
});
