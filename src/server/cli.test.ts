import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('CLI (embedded database)', () => {
  it('creates, invites and disables users; refuses plainly while the data folder is in use', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-cli-'));
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://uplink.example.com' };

    const created = cli(
      [
        'user:create',
        '--email',
        'ops@example.com',
        '--password',
        'a long enough passphrase',
        '--role',
        'back_office',
        '--first',
        'Ops',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);

    const invited = cli(
      [
        'user:invite',
        '--email',
        'new@example.com',
        '--role',
        'engineer',
        '--phone',
        '07700900888',
        '--additional-roles',
        'contractor',
      ],
      env,
    );
    expect(invited.status).toBe(0);
    expect(invited.stdout.trim()).toMatch(
      /^https:\/\/uplink\.example\.com\/set-password\?token=[\w-]{43}$/,
    );

    const disabled = cli(['user:disable', '--email', 'OPS@example.com'], env);
    expect(disabled.status).toBe(0);
    expect(disabled.stdout.trim()).toBe('Disabled ops@example.com');

    // A live process holding the folder (this test runner's pid) keeps the CLI out.
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
    const busy = cli(['user:disable', '--email', 'new@example.com'], env);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('is in use by another Uplink process');
    expect(busy.stderr).toContain('Stop the server first');
  }, 120_000);

  it('demo:remove says plainly when there is no demo data', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-cli-'));
    const removed = cli(['demo:remove'], { DATA_DIR: dataDir });
    expect(removed.stderr).toBe('');
    expect(removed.status).toBe(0);
    expect(removed.stdout.trim()).toBe('This database has no demo data; nothing removed.');
  }, 120_000);
});
