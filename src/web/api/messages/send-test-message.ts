import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/messages/messages.contracts';
import { sendJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

/** POST /api/messages/test: a test message to a number or address. */
export function sendTestMessage(body: { channel: 'sms' | 'email'; to: string }) {
  return sendJson<{ message: Message }>('POST', '/api/messages/test', body);
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
