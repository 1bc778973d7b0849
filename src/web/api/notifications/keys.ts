const all = ['/api/notifications'] as const;

export const notificationKeys = {
  all,
  /** The bell's list (newest first) with the unread count. */
  list: [...all, 'list'] as const,
  settings: ['/api/notifications/settings'] as const,
};
