import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import cronParser from 'cron-parser';
import {
  backupScheduleSchema,
  defaultBackupSchedule,
  type BackupListResponse,
  type BackupRun,
  type BackupSchedule,
  type BackupSummary,
} from '@shared/backup/backup.contracts';
import { backupErrorCodes } from '@shared/error-codes';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict, notFound } from '../../errors';
import { scheduleTimeZone } from '../../jobs/schedule';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { readSetting, writeSetting } from '../settings/settings.service';
import {
  buildBackupArchive,
  openBackupArchive,
  restoreFromFolder,
  UnusableBackupError,
  type ArchiveSources,
} from './backup-archive';
import {
  abandonStaleRuns,
  findRun,
  insertRun,
  lastScheduledRun,
  latestRun,
  runningRun,
  updateRun,
} from './backup.repository';
import type { BackupRunRow } from './backup.schema';
import { backupNameFor, createBackupStore, type BackupStore } from './backup-store';
import {
  claimMaintenance,
  holdMaintenance,
  inMaintenance,
  maintenanceOf,
  maintenancePollMs,
} from './maintenance-state';

export type BackupDeps = Pick<AppDeps, 'config' | 'database' | 'adapters'> &
  Partial<Pick<AppDeps, 'queue' | 'log'>>;

export const createBackupJob = 'backup.create';
export const scheduledBackupJob = 'backup.scheduled';
const scheduleKey = 'backup_schedule';
/** A run still `running` after this long was left by a server that stopped. */
const staleAfterMs = 6 * 60 * 60 * 1000;

const stores = new WeakMap<object, BackupStore>();
/** One store per configuration (its S3 client is reused). */
export function backupStoreOf(deps: Pick<AppDeps, 'config'>): BackupStore {
  let store = stores.get(deps.config);
  if (!store) {
    store = createBackupStore(deps.config);
    stores.set(deps.config, store);
  }
  return store;
}

const sourcesOf = (deps: BackupDeps): ArchiveSources => ({
  db: deps.database.db,
  engine: deps.database.kind,
  storage: deps.adapters.storage,
});

export function toBackupRun(row: BackupRunRow): BackupRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    step: row.step,
    progress: row.progress,
    name: row.name,
    error: row.error,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listBackups(deps: BackupDeps): Promise<BackupListResponse> {
  const store = backupStoreOf(deps);
  const latest = await latestRun(deps.database.db);
  return {
    backups: await store.list(),
    location: store.location,
    latestRun: latest ? toBackupRun(latest) : null,
  };
}

export async function getRun(deps: BackupDeps, id: string): Promise<BackupRun> {
  const row = await findRun(deps.database.db, id);
  if (!row) throw notFound('No such backup run');
  return toBackupRun(row);
}

async function assertIdle(deps: BackupDeps) {
  if (inMaintenance(maintenanceOf(deps.database)))
    throw conflict(backupErrorCodes.backupBusy, 'A restore is running; try again when it ends');
  await abandonStaleRuns(deps.database.db, new Date(Date.now() - staleAfterMs));
  const running = await runningRun(deps.database.db);
  if (running)
    throw conflict(
      backupErrorCodes.backupBusy,
      running.kind === 'create'
        ? 'A backup is being made already; wait for it to finish'
        : 'A restore is running; try again when it ends',
    );
}

/** "Back up now": records the run and queues the job that makes it; the page polls the run. */
export async function startBackup(
  deps: BackupDeps,
  context: AuditContext,
  trigger: 'manual' | 'schedule' = 'manual',
): Promise<BackupRun> {
  await assertIdle(deps);
  const run = await insertRun(deps.database.db, {
    kind: 'create',
    status: 'running',
    step: 'Waiting to start',
    trigger,
    requestedBy: context.actorUserId ?? null,
  });
  await deps.queue!.send(createBackupJob, { runId: run.id });
  return toBackupRun(run);
}

/** Makes the backup a run asked for, recording its progress; answers the backup. */
export async function runBackup(
  deps: BackupDeps,
  runId: string,
  context: AuditContext = {},
): Promise<BackupSummary> {
  const db = deps.database.db;
  const at = new Date();
  const name = backupNameFor(at);
  await updateRun(db, runId, { name, step: 'Starting', progress: 1 });
  // Progress is written in order but not awaited: on PGlite the dump's snapshot transaction
  // holds the one connection, and a write waited for inside it would never come.
  let written: Promise<void> = Promise.resolve();
  const onProgress = (progress: number, step: string) => {
    written = written.then(() => updateRun(db, runId, { progress, step })).catch(() => undefined);
  };
  let cleanup: (() => Promise<void>) | undefined;
  try {
    const built = await buildBackupArchive(sourcesOf(deps), at, onProgress);
    cleanup = built.cleanup;
    onProgress(96, 'Saving the backup');
    const store = backupStoreOf(deps);
    await store.save(name, built.file);
    await written;
    await updateRun(db, runId, {
      status: 'succeeded',
      step: 'Done',
      progress: 100,
      finishedAt: new Date(),
    });
    await recordAudit(db, {
      ...context,
      action: 'backup.created',
      targetType: 'backup',
      targetId: name,
      details: { rows: Object.values(built.manifest.rowCounts).reduce((a, b) => a + b, 0) },
    });
    const saved = (await store.list()).find((b) => b.name === name);
    return saved!;
  } catch (error) {
    await written;
    await updateRun(db, runId, {
      status: 'failed',
      step: 'Failed',
      error: (error as Error).message.slice(0, 500),
      finishedAt: new Date(),
    });
    throw error;
  } finally {
    await cleanup?.();
  }
}

/** The CLI's backup: made here and now, no queue. */
export async function createBackupNow(
  deps: BackupDeps,
  context: AuditContext,
  trigger: 'cli' | 'schedule',
): Promise<BackupSummary> {
  await assertIdle(deps);
  const run = await insertRun(deps.database.db, {
    kind: 'create',
    status: 'running',
    step: 'Starting',
    trigger,
    requestedBy: context.actorUserId ?? null,
  });
  return runBackup(deps, run.id, context);
}

export async function deleteBackup(deps: BackupDeps, name: string, context: AuditContext) {
  const deleted = await backupStoreOf(deps).delete(name);
  if (!deleted) throw notFound('No backup by that name');
  await recordAudit(deps.database.db, {
    ...context,
    action: 'backup.deleted',
    targetType: 'backup',
    targetId: name,
  });
}

export async function openBackup(deps: BackupDeps, name: string) {
  const opened = await backupStoreOf(deps).open(name);
  if (!opened) throw notFound('No backup by that name');
  return opened;
}

export async function getBackupSchedule(deps: BackupDeps): Promise<BackupSchedule> {
  const parsed = backupScheduleSchema.safeParse(await readSetting(deps.database.db, scheduleKey));
  return parsed.success ? parsed.data : defaultBackupSchedule;
}

export async function setBackupSchedule(
  deps: BackupDeps,
  schedule: BackupSchedule,
  context: AuditContext,
): Promise<BackupSchedule> {
  const before = await getBackupSchedule(deps);
  await writeSetting(
    deps.database.db,
    scheduleKey,
    schedule,
    context.actorUserId ?? null,
    new Date(),
  );
  await markScheduleSaved(deps);
  await recordAudit(deps.database.db, {
    ...context,
    action: 'backup.schedule_changed',
    targetType: 'setting',
    targetId: scheduleKey,
    details: { before, after: schedule },
  });
  return schedule;
}

/** The last time the daily schedule fell due at or before `now` (Europe/London). */
export function lastDueTime(schedule: BackupSchedule, now: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number);
  return cronParser
    .parseExpression(`${minutes} ${hours} * * *`, {
      currentDate: new Date(now.getTime() + 1000),
      tz: scheduleTimeZone,
    })
    .prev()
    .toDate();
}

/**
 * The every-minute check: when the schedule's time has come and no scheduled backup was made
 * since, make one, then delete the oldest scheduled backups beyond `keep`.
 */
export async function runScheduledBackup(deps: BackupDeps, now = new Date()) {
  const schedule = await getBackupSchedule(deps);
  if (!schedule.enabled || inMaintenance(maintenanceOf(deps.database))) return null;
  const due = lastDueTime(schedule, now);
  const last = await lastScheduledRun(deps.database.db);
  if (last && last.startedAt >= due) return null;
  // A schedule saved after today's time waits for tomorrow's.
  const savedAt = await scheduleSavedAt(deps);
  if (savedAt && savedAt > due) return null;
  if (await runningRun(deps.database.db)) return null;
  const made = await createBackupNow(deps, {}, 'schedule');
  const deleted = await pruneScheduledBackups(deps, schedule.keep);
  return { made, deleted };
}

async function scheduleSavedAt(deps: BackupDeps): Promise<Date | null> {
  const value = (await readSetting(deps.database.db, `${scheduleKey}_saved_at`)) as string | null;
  return value ? new Date(value) : null;
}

/** Writes when the schedule was saved, so a time already past today waits for tomorrow. */
export async function markScheduleSaved(deps: BackupDeps, at = new Date()) {
  await writeSetting(deps.database.db, `${scheduleKey}_saved_at`, at.toISOString(), null, at);
}

/** Keeps the newest `keep` backups; older ones go (manual backups count too). */
export async function pruneScheduledBackups(deps: BackupDeps, keep: number): Promise<string[]> {
  const store = backupStoreOf(deps);
  const backups = await store.list(); // newest first
  const old = backups.slice(keep).map((b) => b.name);
  for (const name of old) await store.delete(name);
  return old;
}

/** Refuses a typed name that is not the backup's. */
export function assertConfirmed(name: string, typed: string) {
  if (typed.trim() !== name)
    throw new AppError(400, 'VALIDATION_ERROR', 'The name you typed does not match this backup', {
      confirmName: ['The name you typed does not match this backup'],
    });
}

export type RestoreOptions = {
  requestedBy?: string | null;
  trigger: 'manual' | 'cli';
  /** From the command line, with the server stopped: the database may not even be migrated. */
  cli?: boolean;
  /** Begin only once this settles (the HTTP answer is sent). */
  after?: Promise<unknown>;
};

const busyRestoring = () =>
  conflict(backupErrorCodes.backupBusy, 'A restore is running; try again when it ends');

/**
 * Checks a restore can start (the backup exists, nothing else runs) and starts it: this server
 * goes into maintenance at once, and on PostgreSQL every other server on the database within a
 * second (the shared flag, claimed here in its own statement); `done` settles when it is back.
 */
export async function startRestore(
  deps: BackupDeps,
  name: string,
  options: RestoreOptions,
): Promise<{ run: BackupRun; done: Promise<BackupRun> }> {
  if (!options.cli) await assertIdle(deps);
  const store = backupStoreOf(deps);
  if (!(await store.list()).some((b) => b.name === name)) throw notFound('No backup by that name');
  const state = maintenanceOf(deps.database);
  const run: BackupRun = {
    id: randomUUID(),
    kind: 'restore',
    status: 'running',
    step: 'Entering maintenance mode',
    progress: 0,
    name,
    error: null,
    trigger: options.trigger,
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  if (state.active) throw busyRestoring();
  state.active = true; // this process's one restore, held while the shared flag is claimed
  let claimed: boolean;
  try {
    claimed = await claimMaintenance(deps.database, state, run);
  } catch (error) {
    state.active = false;
    throw error;
  }
  if (!claimed) {
    state.active = false;
    throw busyRestoring();
  }
  state.restore = run;
  const release = holdMaintenance(deps.database, state);
  const done = performRestore(deps, store, run, options).finally(async () => {
    await release();
    state.active = false;
  });
  return { run: { ...run }, done };
}

async function performRestore(
  deps: BackupDeps,
  store: BackupStore,
  run: BackupRun,
  options: RestoreOptions,
): Promise<BackupRun> {
  const progress = (value: number, step: string) => {
    run.progress = value;
    run.step = step;
  };
  await options.after;
  // The other servers learn of the restore from their next poll: give them that long before
  // the restore takes the tables away.
  if (deps.database.kind === 'postgres') {
    await new Promise((resolve) => setTimeout(resolve, 2 * maintenancePollMs));
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'uplink-restore-'));
  try {
    progress(2, 'Fetching the backup');
    const archive = path.join(work, 'backup.tar.gz');
    if (!(await store.fetch(run.name!, archive))) throw notFound('No backup by that name');
    progress(5, 'Checking the backup');
    const folder = path.join(work, 'unpacked');
    const manifest = await openBackupArchive(archive, folder);
    await restoreFromFolder(sourcesOf(deps), folder, manifest, progress);
    run.status = 'succeeded';
    run.step = 'Done';
    run.progress = 100;
  } catch (error) {
    run.status = 'failed';
    run.step = 'Failed';
    run.error =
      error instanceof UnusableBackupError || error instanceof AppError
        ? error.message
        : `The restore failed and the database was left as it was: ${(error as Error).message}`;
    deps.log?.error({ err: error }, 'restore failed');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  run.finishedAt = new Date().toISOString();
  // Recorded in the restored database (the runs table starts afresh with each restore).
  await insertRun(deps.database.db, {
    kind: 'restore',
    status: run.status,
    step: run.step,
    progress: run.progress,
    name: run.name,
    error: run.error,
    trigger: options.trigger,
    requestedBy: options.requestedBy ?? null,
    finishedAt: new Date(run.finishedAt),
  }).catch(() => undefined);
  await recordAudit(deps.database.db, {
    action: run.status === 'succeeded' ? 'backup.restored' : 'backup.restore_failed',
    targetType: 'backup',
    targetId: run.name,
    details: { requestedBy: options.requestedBy ?? null, error: run.error },
  }).catch(() => undefined);
  return { ...run };
}
