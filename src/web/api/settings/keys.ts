export const settingsKeys = {
  general: ['/api/settings/general'] as const,
  publicCompany: ['/api/public/company'] as const,
};
