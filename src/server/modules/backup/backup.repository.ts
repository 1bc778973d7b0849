import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { backupRuns, type BackupRunRow } from './backup.schema';

export async function insertRun(
  db: Database,
  values: Pick<BackupRunRow, 'kind' | 'status' | 'step' | 'trigger'> &
    Partial<Pick<BackupRunRow, 'name' | 'requestedBy' | 'progress' | 'error' | 'finishedAt'>>,
): Promise<BackupRunRow> {
  const [row] = await db.insert(backupRuns).values(values).returning();
  return row!;
}

export async function updateRun(
  db: Database,
  id: string,
  values: Partial<
    Pick<BackupRunRow, 'status' | 'step' | 'progress' | 'name' | 'error' | 'finishedAt'>
  >,
): Promise<void> {
  await db.update(backupRuns).set(values).where(eq(backupRuns.id, id));
}

export async function findRun(db: Database, id: string): Promise<BackupRunRow | null> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  return row ?? null;
}

export async function latestRun(db: Database): Promise<BackupRunRow | null> {
  const [row] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  return row ?? null;
}

/** A run left `running` by a process that stopped is given up after this long. */
export async function abandonStaleRuns(db: Database, before: Date): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'failed', error: 'The server stopped while this ran', finishedAt: new Date() })
    .where(and(eq(backupRuns.status, 'running'), lt(backupRuns.startedAt, before)));
}

export async function runningRun(db: Database): Promise<BackupRunRow | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'running'))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row ?? null;
}

export async function lastScheduledRun(db: Database): Promise<BackupRunRow | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, 'schedule'), eq(backupRuns.kind, 'create')))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row ?? null;
}
