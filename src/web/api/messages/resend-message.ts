import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/messages/messages.contracts';
import { sendJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

/** POST /api/messages/:id/resend: the same message queued again as a new one. */
export function resendMessage(id: string) {
  return sendJson<{ message: Message }>('POST', `/api/messages/${encodeURIComponent(id)}/resend`);
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
