import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

function cli(args: string[], env: Record<string, string>, input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    encoding: 'utf8',
    input,
    timeout: 240_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('backup CLI (embedded database)', () => {
  it('creates, lists and restores a backup, asking for the name typed out', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-backup-cli-'));
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://uplink.example.com' };
    const user = (email: string) =>
      cli(
        [
          'user:create',
          '--email',
          email,
          '--password',
          'a long enough passphrase',
          '--role',
          'back_office',
        ],
        env,
      );
    expect(user('first@example.com').status).toBe(0);

    expect(cli(['backup:list'], env).stdout).toBe(`No backups in the data folder (backups).\n`);
    const created = cli(['backup:create'], env);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const name = created.stdout.split(' ')[0]!;
    expect(name).toMatch(/^uplink-backup-.*\.tar\.gz$/);
    const listed = cli(['backup:list'], env);
    expect(listed.stdout).toContain(name);

    expect(user('second@example.com').status).toBe(0);

    const wrong = cli(['backup:restore', '--name', name], env, 'not the name\n');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Type the backup');
    expect(wrong.stderr).toContain('The name you typed does not match this backup');

    const unknown = cli(
      ['backup:restore', '--name', 'uplink-backup-2020-01-01T00-00-00-000Z.tar.gz', '--yes'],
      env,
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(
      'No backup named uplink-backup-2020-01-01T00-00-00-000Z.tar.gz',
    );

    const restored = cli(['backup:restore', '--name', name], env, `${name}\n`);
    expect(restored.stderr).toContain('Type the backup');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toBe(`Restored ${name}. Every session has ended.\n`);

    // The second user came after the backup: gone; the first is there.
    expect(cli(['user:disable', '--email', 'second@example.com'], env).status).toBe(1);
    const first = cli(['user:disable', '--email', 'first@example.com'], env);
    expect(first.stdout.trim()).toBe('Disabled first@example.com');
  }, 900_000);
});
