import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@web/lib/api-client';
import { authKeys } from '@web/api/auth/keys';
import { messageKeys } from './keys';

/** GET /api/sms-settings/login: whether the login page offers SMS sign-in. */
export function useSmsLoginSetting() {
  return useQuery({
    queryKey: messageKeys.smsLogin,
    queryFn: () => getJson<{ enabled: boolean }>('/api/sms-settings/login'),
  });
}

/** PUT /api/sms-settings/login (feeds /api/sms-auth-status). */
export function useSetSmsLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      sendJson<{ enabled: boolean }>('PUT', '/api/sms-settings/login', { enabled }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.smsLogin });
      await queryClient.invalidateQueries({ queryKey: authKeys.smsAuthStatus });
    },
  });
}
