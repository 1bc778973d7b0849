import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MessageTemplate,
  SaveTemplateBody,
  TemplateChannel,
  TemplateKind,
} from '@shared/messages/templates';
import { sendJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

type Input = { kind: TemplateKind; channel: TemplateChannel; text: SaveTemplateBody };

/** PUT /api/messages/templates/:kind/:channel: 400 names a variable the kind cannot use. */
export function saveTemplate({ kind, channel, text }: Input) {
  return sendJson<{ template: MessageTemplate }>(
    'PUT',
    `/api/messages/templates/${kind}/${channel}`,
    text,
  );
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.templates }),
  });
}
