import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BackupRunStatus } from '@shared/backup/backup.contracts';

/**
 * Each backup made (and each restore): its progress for the page to poll. Not itself backed up
 * (a backup would catch its own run half done); a restore starts it afresh.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'create' | 'restore'>().notNull(),
    status: text('status').$type<BackupRunStatus>().notNull(),
    step: text('step').notNull(),
    progress: integer('progress').notNull().default(0),
    name: text('name'),
    error: text('error'),
    trigger: text('trigger').$type<'manual' | 'schedule' | 'cli'>().notNull(),
    /** Who asked (no foreign key: a restore replaces the users table). */
    requestedBy: uuid('requested_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('backup_runs_started_idx').on(table.startedAt)],
);

export type BackupRunRow = typeof backupRuns.$inferSelect;
