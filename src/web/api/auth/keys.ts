// Every query key starts with its endpoint's path, so a key names what it caches.
// The current user's key lives in lib/auth.ts (spec §4: the app shell reads it).
export const authKeys = {
  signupInfo: ['/api/auth/signup-info'] as const,
  smsAuthStatus: ['/api/sms-auth-status'] as const,
  validateResetToken: (token: string) => ['/api/validate-reset-token', token] as const,
};
