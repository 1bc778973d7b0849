export const settingsKeys = {
  general: ['/api/settings/general'] as const,
};
