// Every app process on one PostgreSQL database must use the same SESSION_SECRET (decision 084):
// it signs the session cookie and the customer portal links, hashes sign-in codes, keys the
// audit list's cursors and, without XERO_TOKEN_KEY, the encryption of Xero's tokens. A process
// started without SESSION_SECRET makes one in its own data folder, which another process, with
// another folder, would not share: its sessions, codes and links would fail on the others.
// So each process checks its secret against the one recorded in the database, by a keyed hash
// (the secret itself is never stored). The record lives in the `uplink_runtime` schema beside
// maintenance's (decision 075), outside what a backup dumps and a restore replaces.
import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import type { DatabaseHandle } from './client';

export class SessionSecretMismatchError extends Error {
  code = 'SESSION_SECRET_MISMATCH';
}

export function sessionSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret)
    .update('uplink: the secret every app process on this database uses')
    .digest('hex');
}

async function ensureTable(handle: DatabaseHandle) {
  try {
    await handle.exec(`
      create schema if not exists uplink_runtime;
      create table if not exists uplink_runtime.session_secret (
        id int primary key default 1 check (id = 1),
        fingerprint text not null,
        recorded_at timestamptz not null
      )`);
  } catch (error) {
    // Two processes making it at once: one of them wins, which is all that is needed.
    if (!['23505', '42P06', '42P07'].includes((error as { code?: string }).code ?? '')) throw error;
  }
}

/**
 * Checks this process's SESSION_SECRET against the one the database records (PostgreSQL; PGlite
 * is one process). The first process records its own. A secret set in the environment that
 * differs replaces the record (the operator changed it: a rotation) and answers 'replaced';
 * one made in this process's data folder that differs throws, naming the fix.
 */
export async function checkSharedSessionSecret(
  handle: DatabaseHandle,
  config: Pick<Config, 'SESSION_SECRET' | 'SESSION_SECRET_SOURCE' | 'DATA_DIR'>,
): Promise<'not shared' | 'recorded' | 'same' | 'replaced'> {
  if (handle.kind !== 'postgres') return 'not shared';
  await ensureTable(handle);
  const fingerprint = sessionSecretFingerprint(config.SESSION_SECRET);
  const inserted = await handle.query(
    `insert into uplink_runtime.session_secret (id, fingerprint, recorded_at)
     values (1, $1, now()) on conflict (id) do nothing returning fingerprint`,
    [fingerprint],
  );
  if (inserted.rows.length === 1) return 'recorded';
  const { rows } = await handle.query(
    'select fingerprint from uplink_runtime.session_secret where id = 1',
  );
  if (rows[0]?.fingerprint === fingerprint) return 'same';
  if (config.SESSION_SECRET_SOURCE === 'environment') {
    await handle.query(
      `update uplink_runtime.session_secret set fingerprint = $1, recorded_at = now() where id = 1`,
      [fingerprint],
    );
    return 'replaced';
  }
  throw new SessionSecretMismatchError(
    `The other Uplink processes on this database use another session secret than this one, ` +
      `which was made in ${config.DATA_DIR}. Set SESSION_SECRET, the same on every process, ` +
      'so that sessions, sign-in codes and links made by one process work on the others.',
  );
}
