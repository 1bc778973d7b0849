import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';
import { backupKeys } from './keys';

/** DELETE /api/backups/:name. */
export function deleteBackup(name: string) {
  return sendJson<null>('DELETE', `/api/backups/${encodeURIComponent(name)}`);
}

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** Where the browser downloads a backup (a plain link: the session cookie goes with it). */
export const backupDownloadUrl = (name: string) =>
  `/api/backups/${encodeURIComponent(name)}/download`;
