import { useMutation } from '@tanstack/react-query';
import type { BackupRun } from '@shared/backup/backup.contracts';
import { sendJson } from '@web/lib/api-client';

/** POST /api/backups/:name/restore with the name typed out; the app goes into maintenance. */
export function restoreBackup(input: { name: string; confirmName: string }) {
  return sendJson<{ run: BackupRun }>(
    'POST',
    `/api/backups/${encodeURIComponent(input.name)}/restore`,
    { confirmName: input.confirmName },
  );
}

export function useRestoreBackup() {
  return useMutation({ mutationFn: restoreBackup });
}
