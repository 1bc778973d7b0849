/** Cache keys of the backup calls (decision 020). */
export const backupKeys = {
  list: ['/api/backups'] as const,
  run: (id: string) => ['/api/backups/runs', id] as const,
  schedule: ['/api/backups/schedule'] as const,
  maintenance: ['/api/maintenance'] as const,
};
