import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupSchedule } from '@shared/backup/backup.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { backupKeys } from './keys';

/** GET /api/backups/schedule. */
export const backupScheduleQuery = () =>
  queryOptions({
    queryKey: backupKeys.schedule,
    queryFn: () => getJson<BackupSchedule>('/api/backups/schedule'),
  });

export function useBackupSchedule() {
  return useQuery(backupScheduleQuery());
}

/** PUT /api/backups/schedule. */
export function saveBackupSchedule(body: BackupSchedule) {
  return sendJson<BackupSchedule>('PUT', '/api/backups/schedule', body);
}

export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBackupSchedule,
    onSuccess: (saved) => queryClient.setQueryData(backupKeys.schedule, saved),
  });
}
