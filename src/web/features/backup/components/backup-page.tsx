import { Archive } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BackupSummary } from '@shared/backup/backup.contracts';
import { useBackupSchedule } from '@web/api/backup/backup-schedule';
import { backupDownloadUrl, useDeleteBackup } from '@web/api/backup/delete-backup';
import { useBackups } from '@web/api/backup/list-backups';
import { useMaintenanceStatus } from '@web/api/backup/maintenance-status';
import { useStartBackup } from '@web/api/backup/start-backup';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { BackupProgress } from './backup-progress';
import { formatSize } from './format-size';
import { RestoreDialog } from './restore-dialog';
import { ScheduleForm } from './schedule-form';

function BackUpNow() {
  const backups = useBackups();
  const start = useStartBackup();
  const latest = backups.data?.latestRun;
  const running = latest?.kind === 'create' && latest.status === 'running';
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Back up now</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-700">
          One file holding the database and every uploaded file, kept in{' '}
          {backups.data?.location ?? 'the backup store'}.
        </p>
        <div>
          <Button
            type="button"
            disabled={running || start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not start a backup',
                    description: errorMessage(error, 'Something went wrong; try again.'),
                  }),
              })
            }
          >
            Back up now
          </Button>
        </div>
        {latest?.kind === 'create' && latest.status === 'running' && (
          <BackupProgress run={latest} label="Backup progress" />
        )}
        {latest?.kind === 'create' && latest.status === 'succeeded' && (
          <p role="status" className="text-sm text-emerald-800">
            {/* A file name has no spaces: it may break anywhere rather than widen a phone. */}
            Backup <span className="break-all">{latest.name}</span> made{' '}
            {formatDateTime(latest.finishedAt)}.
          </p>
        )}
        {latest?.status === 'failed' && (
          <p role="alert" className="text-sm text-red-700">
            The last {latest.kind === 'create' ? 'backup' : 'restore'} failed: {latest.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const remove = useDeleteBackup();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this backup?</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="break-all">{name}</span> will be deleted for good. Other backups are
            kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(name, {
                onSuccess: () => {
                  toast({ title: 'Backup deleted', description: name });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not delete the backup',
                    description: errorMessage(error, 'Something went wrong; try again.'),
                  }),
              })
            }
          >
            Delete backup
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function BackupList({ onRestoreStarted }: { onRestoreStarted: () => void }) {
  const backups = useBackups();
  const [restoring, setRestoring] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const columns: DataTableColumn<BackupSummary>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.name}</span>,
    },
    { id: 'created', header: 'Made', cell: ({ row }) => formatDateTime(row.original.createdAt) },
    { id: 'size', header: 'Size', cell: ({ row }) => formatSize(row.original.sizeBytes) },
    {
      id: 'actions',
      header: hiddenHeading('Actions'),
      cell: ({ row }) => {
        const { name } = row.original;
        return (
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={backupDownloadUrl(name)} download={name} aria-label={`Download ${name}`}>
                Download
              </a>
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Restore ${name}`}
              onClick={() => setRestoring(name)}
            >
              Restore
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Delete ${name}`}
              onClick={() => setDeleting(name)}
            >
              Delete
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Backups</h2>
      </CardHeader>
      <CardContent>
        {backups.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(backups.error, 'Could not load the backups')}
          </p>
        ) : !backups.data ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : backups.data.backups.length === 0 ? (
          <EmptyState icon={Archive} title="No backups yet" headingLevel={3}>
            Make one with Back up now, or set a daily schedule below.
          </EmptyState>
        ) : (
          <DataTable
            data={backups.data.backups}
            columns={columns}
            getRowId={(row) => row.name}
            tableLabel="Backups"
          />
        )}
        {restoring && (
          <RestoreDialog
            name={restoring}
            open
            onOpenChange={(open) => !open && setRestoring(null)}
            onStarted={() => {
              setRestoring(null);
              onRestoreStarted();
            }}
          />
        )}
        {deleting && <DeleteDialog name={deleting} onClose={() => setDeleting(null)} />}
      </CardContent>
    </Card>
  );
}

/** While a restore runs the app answers nothing else; this follows it until it ends. */
function RestoreProgress() {
  const status = useMaintenanceStatus(true);
  const run = status.data?.restore;
  const finished = run && run.status !== 'running' && !status.data?.active;
  useEffect(() => {
    document.title = finished ? 'Restore finished · Uplink' : 'Restoring · Uplink';
  }, [finished]);
  return (
    <PageLayout width="medium">
      <PageHeader title="Restoring a backup" description={run?.name ?? undefined} />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          {!finished && (
            <>
              <p className="text-sm text-slate-700">
                Uplink is in maintenance: everyone else sees a “restoring” message until this ends.
              </p>
              {run && <BackupProgress run={run} label="Restore progress" />}
            </>
          )}
          {finished && run.status === 'succeeded' && (
            <div role="status" className="grid gap-3">
              <p className="text-sm text-emerald-800">
                Restore complete. Every session has ended; sign in again.
              </p>
              <div>
                <Button asChild>
                  <a href="/login">Sign in</a>
                </Button>
              </div>
            </div>
          )}
          {finished && run.status === 'failed' && (
            <div role="alert" className="grid gap-3">
              <p className="text-sm text-red-700">{run.error}</p>
              <div>
                <Button asChild variant="outline">
                  <a href="/admin/backup">Back to backups</a>
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}

/** /admin/backup: make, list, download, delete and restore backups; the daily schedule. */
export default function BackupPage() {
  const schedule = useBackupSchedule();
  const [restoring, setRestoring] = useState(false);
  if (restoring) return <RestoreProgress />;
  return (
    <PageLayout width="medium">
      <PageHeader
        title="Backup"
        description="The database and uploaded files together, made now or every day, and restored from here."
      />
      <div className="grid gap-6">
        <BackUpNow />
        <BackupList onRestoreStarted={() => setRestoring(true)} />
        <Card>
          <CardHeader>
            <h2 className="text-base leading-tight font-semibold">Daily schedule</h2>
          </CardHeader>
          <CardContent>
            {schedule.data ? (
              <ScheduleForm initial={schedule.data} />
            ) : schedule.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(schedule.error, 'Could not load the schedule')}
              </p>
            ) : (
              <p className="text-sm text-slate-600">Loading…</p>
            )}
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
