import { z } from 'zod';

// Backup and restore (issue 21, /admin/backup). The words the server and the page share.

/** `uplink-backup-2026-11-26T04-40-12-345Z.tar.gz`: the time it was made, in UTC. */
export const backupNamePattern =
  /^uplink-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export const backupNameSchema = z
  .string()
  .regex(backupNamePattern, 'Not a backup name (uplink-backup-….tar.gz)')
  .meta({ example: 'uplink-backup-2026-11-26T04-40-12-345Z.tar.gz' });

export const backupSummarySchema = z.object({
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const backupRunKinds = ['create', 'restore'] as const;
export const backupRunStatuses = ['running', 'succeeded', 'failed'] as const;
export type BackupRunStatus = (typeof backupRunStatuses)[number];

export const backupRunSchema = z.object({
  id: z.string(),
  kind: z.enum(backupRunKinds),
  status: z.enum(backupRunStatuses),
  /** What it is doing now, in words: "Copying uploaded files (3 of 12)". */
  step: z.string(),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  name: z.string().nullable(),
  error: z.string().nullable(),
  trigger: z.enum(['manual', 'schedule', 'cli']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupListResponseSchema = z.object({
  backups: z.array(backupSummarySchema),
  /** Where they are kept, in words: "the data folder" or "S3 bucket uplink-files". */
  location: z.string(),
  /** The newest backup run (running or finished), for the progress bar. */
  latestRun: backupRunSchema.nullable(),
});
export type BackupListResponse = z.infer<typeof backupListResponseSchema>;

export const startBackupResponseSchema = z.object({ run: backupRunSchema });

export const scheduleTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export const backupScheduleSchema = z.object({
  enabled: z.boolean(),
  /** Time of day in Europe/London, HH:MM (24-hour). */
  time: z.string().regex(scheduleTimePattern, 'Enter a time as HH:MM, for example 02:30'),
  /** Scheduled backups kept; older scheduled ones are deleted after each run. */
  keep: z.coerce
    .number({ message: 'Enter how many backups to keep' })
    .int('Enter a whole number')
    .min(1, 'Keep at least 1 backup')
    .max(365, 'Keep at most 365 backups'),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;
export const defaultBackupSchedule: BackupSchedule = { enabled: false, time: '02:00', keep: 7 };

export const restoreRequestSchema = z.object({
  /** The backup's name typed out, to confirm. */
  confirmName: z.string().trim().min(1, 'Type the backup’s name to confirm'),
});

export const restoreNameMismatch = 'The name you typed does not match this backup';

export const maintenanceStatusSchema = z.object({
  active: z.boolean(),
  message: z.string().nullable(),
  /** The last restore this server ran, while it runs and after. */
  restore: backupRunSchema.nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

export const maintenanceMessage =
  'Uplink is restoring a backup and will be back in a few minutes. Please try again shortly.';
/** Seconds a client is told to wait before trying again during maintenance. */
export const maintenanceRetryAfterSeconds = 30;

export const backupNameParams = z.object({ name: backupNameSchema });
export const backupRunParams = z.object({ id: z.string().uuid('Not a run id') });
