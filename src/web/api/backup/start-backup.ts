import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupRun } from '@shared/backup/backup.contracts';
import { sendJson } from '@web/lib/api-client';
import { backupKeys } from './keys';

/** POST /api/backups: "Back up now"; the answer is the run to follow. */
export function startBackup() {
  return sendJson<{ run: BackupRun }>('POST', '/api/backups');
}

export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}
