// Decision 084: every app process on one PostgreSQL database uses one SESSION_SECRET; a process
// that made its own in its data folder, different from the others', is stopped at start.
// PostgreSQL only: PGlite is one process per data folder, so there is nothing to share.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { getTestDatabase } from '../../../tests/support/test-database';
import type { DatabaseHandle } from './client';
import { checkSharedSessionSecret, SessionSecretMismatchError } from './shared-secret';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A process's configuration: its own data folder, and SESSION_SECRET if given. */
const processConfig = (secret?: string) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'uplink-secret-')),
    ...(secret ? { SESSION_SECRET: secret } : {}),
  });

let handle: DatabaseHandle;
const forget = () => handle.exec('drop table if exists uplink_runtime.session_secret');

beforeAll(async () => {
  handle = await getTestDatabase();
  if (onPostgres) await forget();
});
afterAll(async () => {
  if (onPostgres) await forget();
});

describe('the session secret across processes', () => {
  it('knows where the secret came from', () => {
    expect(processConfig('x'.repeat(40)).SESSION_SECRET_SOURCE).toBe('environment');
    const made = processConfig();
    expect(made.SESSION_SECRET_SOURCE).toBe('data folder');
    expect(made.SESSION_SECRET).toHaveLength(64);
  });

  it.skipIf(onPostgres)('has nothing to check on PGlite (one process)', async () => {
    expect(await checkSharedSessionSecret(handle, processConfig())).toBe('not shared');
  });

  it.skipIf(!onPostgres)(
    'stops a process whose own secret differs from the others; a secret set in the environment is the one (PostgreSQL only: needs TEST_DATABASE_URL, set by npm run test:pg)',
    async () => {
      const first = processConfig();
      expect(await checkSharedSessionSecret(handle, first)).toBe('recorded');
      expect(await checkSharedSessionSecret(handle, first)).toBe('same');
      // A second process, started without SESSION_SECRET, made another one in its own folder.
      const second = processConfig();
      const refused = checkSharedSessionSecret(handle, second);
      await expect(refused).rejects.toBeInstanceOf(SessionSecretMismatchError);
      await expect(refused).rejects.toThrow(
        /use another session secret than this one, which was made in .*uplink-secret-.*Set SESSION_SECRET, the same on every process/,
      );
      // The same secret given in the environment: accepted.
      expect(await checkSharedSessionSecret(handle, processConfig(first.SESSION_SECRET))).toBe(
        'same',
      );
      // A new one in the environment is the operator's change: it becomes the one.
      const rotated = processConfig('rotated-secret-rotated-secret-0123456789');
      expect(await checkSharedSessionSecret(handle, rotated)).toBe('replaced');
      await expect(checkSharedSessionSecret(handle, first)).rejects.toBeInstanceOf(
        SessionSecretMismatchError,
      );
      expect(await checkSharedSessionSecret(handle, rotated)).toBe('same');
    },
  );
});
