import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupListResponse } from '@shared/backup/backup.contracts';
import { getJson } from '@web/lib/api-client';
import { backupKeys } from './keys';

/** GET /api/backups: the backups, where they are kept, and the newest run. */
export function fetchBackups() {
  return getJson<BackupListResponse>('/api/backups');
}

export const backupsQuery = () =>
  queryOptions({ queryKey: backupKeys.list, queryFn: fetchBackups });

/** Polls every second while a backup is being made, so the progress bar moves. */
export function useBackups() {
  return useQuery({
    ...backupsQuery(),
    refetchInterval: (query) => (query.state.data?.latestRun?.status === 'running' ? 1000 : false),
  });
}
