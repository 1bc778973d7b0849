import { useQuery } from '@tanstack/react-query';
import type { MaintenanceStatus } from '@shared/backup/backup.contracts';
import { getJson } from '@web/lib/api-client';
import { backupKeys } from './keys';

/** GET /api/maintenance, every second while `enabled` (a restore is being followed). */
export function useMaintenanceStatus(enabled: boolean) {
  return useQuery({
    queryKey: backupKeys.maintenance,
    queryFn: () => getJson<MaintenanceStatus>('/api/maintenance'),
    enabled,
    refetchInterval: enabled ? 1000 : false,
  });
}
