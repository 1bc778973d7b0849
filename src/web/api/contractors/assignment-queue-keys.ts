const all = ['/api/assignment-queue'] as const;

export const assignmentQueueKeys = {
  all,
  page: (page: number, pageSize: number) => [...all, { page, pageSize }] as const,
};
