// Two app processes on one PostgreSQL database: a restore started on one puts the other in
// maintenance too (the shared flag, decision 075), and it comes back when the restore ends.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupRun } from '@shared/backup/backup.contracts';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { signInAs, waitFor } from '../../../../tests/support/auth';
import { createBackupNow, startRestore } from './backup.service';
import { claimMaintenance, maintenanceOf } from './maintenance-state';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let a: TestApp;
let b: TestApp;
let secondHandle: DatabaseHandle;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  secondHandle = await openDatabase({ databaseUrl: a.deps.database.url!, maxConnections: 3 });
  b = await createTestApp({ database: secondHandle });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await secondHandle?.close();
});

describe.skipIf(!onPostgres)('maintenance across app processes', () => {
  it('a restore on one server makes the other answer 503 with Retry-After until it ends', async () => {
    const { headers } = await signInAs(b, 'back_office');
    const me = () => b.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await me()).statusCode).toBe(200);
    const made = await createBackupNow(a.deps, {}, 'cli');

    let begin!: () => void;
    const gate = new Promise<void>((resolve) => (begin = resolve));
    const { done } = await startRestore(a.deps, made.name, { trigger: 'manual', after: gate });

    const refused = await waitFor(async () => {
      const response = await me();
      return response.statusCode === 503 ? response : null;
    });
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      status: 503,
      code: 'MAINTENANCE',
      detail:
        'Uplink is restoring a backup and will be back in a few minutes. Please try again shortly.',
    });
    const status = await b.inject({ method: 'GET', url: '/api/maintenance' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      active: true,
      restore: { kind: 'restore', name: made.name, status: 'running' },
    });
    // Neither server starts a second restore meanwhile; B's flag came from the database.
    expect(maintenanceOf(b.deps.database).active).toBe(false);
    await expect(startRestore(b.deps, made.name, { trigger: 'manual' })).rejects.toMatchObject({
      statusCode: 409,
    });
    const running = status.json().restore as BackupRun;
    expect(await claimMaintenance(b.deps.database, maintenanceOf(b.deps.database), running)).toBe(
      false,
    );

    begin();
    expect((await done).status).toBe('succeeded');
    const after = await waitFor(async () => {
      const response = await b.inject({ method: 'GET', url: '/api/maintenance' });
      const body = response.json() as { active: boolean; restore: unknown };
      return body.active === false ? body : null;
    });
    expect(after.restore).toMatchObject({ name: made.name, status: 'succeeded', progress: 100 });
    // Back: answered normally (the restore ended every session, so signed out).
    expect((await me()).statusCode).toBe(401);
    const again = await signInAs(b, 'back_office');
    expect(
      (await b.inject({ method: 'GET', url: '/api/auth/user', headers: again.headers })).statusCode,
    ).toBe(200);
  }, 120_000);

  it('the CLI restore puts running servers in maintenance while it runs', async () => {
    const made = await createBackupNow(a.deps, {}, 'cli');
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli.ts', 'backup:restore', '--name', made.name, '--yes'],
      {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          DATABASE_URL: a.deps.database.url!,
          DATA_DIR: a.deps.config.DATA_DIR,
          PUBLIC_URL: a.deps.config.PUBLIC_URL,
        },
      },
    );
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => cli.on('close', resolve));

    const refused = await waitFor(
      async () => {
        const response = await b.inject({ method: 'GET', url: '/api/auth/user' });
        return response.statusCode === 503 ? response : null;
      },
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toMatchObject({ code: 'MAINTENANCE' });

    expect(await exited, output).toBe(0);
    expect(output).toBe(`Restored ${made.name}. Every session has ended.\n`);
    await waitFor(async () => {
      const response = await b.inject({ method: 'GET', url: '/api/auth/user' });
      return response.statusCode === 401 ? response : null;
    });
    const status = await b.inject({ method: 'GET', url: '/api/maintenance' });
    expect(status.json()).toMatchObject({
      active: false,
      restore: { name: made.name, status: 'succeeded', trigger: 'cli' },
    });
  }, 120_000);
});
