// Maintenance mode's state, in this process and shared through the database (decision 075).
// The process that restores holds it in memory (`active`, `restore`). On PostgreSQL, where
// several app processes (and the CLI) share one database, it also claims a one-row table,
// `uplink_runtime.maintenance`, in its own committed statements, and keeps a heartbeat there;
// every app process polls that row each second into `remote`, so the onRequest hook reads
// memory only. The table lives outside the `public` and `drizzle` schemas, which a restore
// drops and rebuilds in its transaction (a poll of a table in them would wait for it), and is
// made on first use like pg-boss's schema. A restore whose heartbeat stops (its process died)
// holds maintenance for `staleAfterSeconds` at most. PGlite is one process per data folder:
// memory alone is the whole story there.
import { randomUUID } from 'node:crypto';
import type { BackupRun } from '@shared/backup/backup.contracts';
import type { DatabaseHandle } from '../../db/client';

export type MaintenanceState = {
  /** This process's id in the shared row. */
  owner: string;
  /** This process is restoring. */
  active: boolean;
  restore: BackupRun | null;
  /** Another process on the same database is restoring (last poll). */
  remote: { active: boolean; restore: BackupRun | null };
};

export const maintenancePollMs = 1000;
const heartbeatMs = 2000;
export const staleAfterSeconds = 60;

const states = new WeakMap<object, MaintenanceState>();

/** The state of one database handle's app (one per process outside tests). */
export function maintenanceOf(key: object): MaintenanceState {
  let state = states.get(key);
  if (!state) {
    state = {
      owner: randomUUID(),
      active: false,
      restore: null,
      remote: { active: false, restore: null },
    };
    states.set(key, state);
  }
  return state;
}

export const inMaintenance = (state: MaintenanceState) => state.active || state.remote.active;

/** The restore to show: this process's, or another's that started later. */
export function latestRestore(state: MaintenanceState): BackupRun | null {
  const local = state.restore;
  const remote = state.remote.restore;
  if (state.active || !remote) return local;
  if (!local || state.remote.active) return remote;
  return remote.startedAt > local.startedAt ? remote : local;
}

const shared = (handle: DatabaseHandle) => handle.kind === 'postgres';

async function ensureTable(handle: DatabaseHandle) {
  try {
    await handle.exec(`
      create schema if not exists uplink_runtime;
      create table if not exists uplink_runtime.maintenance (
        id int primary key default 1 check (id = 1),
        active boolean not null,
        owner text not null,
        started_at timestamptz not null,
        heartbeat_at timestamptz not null,
        run jsonb not null
      )`);
  } catch (error) {
    // Two processes making it at once: one of them wins, which is all that is needed.
    if (!['23505', '42P06', '42P07'].includes((error as { code?: string }).code ?? '')) throw error;
  }
}

/**
 * Claims maintenance for a restore in the shared row (PostgreSQL), committed before the
 * restore starts. False when another process holds it and its heartbeat is fresh.
 */
export async function claimMaintenance(
  handle: DatabaseHandle,
  state: MaintenanceState,
  run: BackupRun,
): Promise<boolean> {
  if (!shared(handle)) return true;
  await ensureTable(handle);
  const { rows } = await handle.query(
    `insert into uplink_runtime.maintenance as m (id, active, owner, started_at, heartbeat_at, run)
     values (1, true, $1, now(), now(), $2::jsonb)
     on conflict (id) do update
       set active = true, owner = excluded.owner, started_at = now(), heartbeat_at = now(),
           run = excluded.run
     where not m.active or m.heartbeat_at < now() - make_interval(secs => $3)
     returning owner`,
    [state.owner, JSON.stringify(run), staleAfterSeconds],
  );
  return rows.length === 1;
}

/**
 * Keeps the shared row fresh with the restore's progress while it runs; the answer ends the
 * claim, leaving the finished run there for the other processes' status pages.
 */
export function holdMaintenance(handle: DatabaseHandle, state: MaintenanceState) {
  if (!shared(handle)) return async () => {};
  const write = (active: boolean) =>
    handle.query(
      `update uplink_runtime.maintenance
          set active = $2, heartbeat_at = now(), run = $3::jsonb
        where id = 1 and owner = $1`,
      [state.owner, active, JSON.stringify(state.restore)],
    );
  let writing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    writing = writing.then(() => write(true)).catch(() => undefined);
  }, heartbeatMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await writing;
    await write(false).catch(() => undefined);
  };
}

/** Reads the shared row into `state.remote`; a row this process owns is its own restore. */
export async function pollMaintenance(handle: DatabaseHandle, state: MaintenanceState) {
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await handle.query(
      `select active and heartbeat_at > now() - make_interval(secs => $1) as active, owner, run
         from uplink_runtime.maintenance where id = 1`,
      [staleAfterSeconds],
    ));
  } catch (error) {
    // No restore has ever run on this database: no table yet.
    if (['42P01', '3F000'].includes((error as { code?: string }).code ?? '')) rows = [];
    else throw error;
  }
  const row = rows[0];
  if (!row || row.owner === state.owner) {
    state.remote = { active: false, restore: state.remote.restore };
    return;
  }
  state.remote = { active: row.active === true, restore: row.run as BackupRun };
}

/** Polls the shared row every `maintenancePollMs` (PostgreSQL); answers the stop. */
export function watchMaintenance(
  handle: DatabaseHandle,
  state: MaintenanceState,
  onError: (error: unknown) => void,
) {
  if (!shared(handle)) return async () => {};
  let polling: Promise<void> | null = null;
  let failing = false; // told once, not every second
  const tick = () => {
    polling ??= pollMaintenance(handle, state)
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) onError(error);
        failing = true;
      })
      .finally(() => {
        polling = null;
      });
  };
  tick();
  const timer = setInterval(tick, maintenancePollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await polling;
  };
}
