import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  previewTemplateBodySchema,
  previewTemplateResponseSchema,
} from '@shared/messages/templates';
import { sendJson } from '@web/lib/api-client';

type PreviewBody = z.input<typeof previewTemplateBodySchema>;
export type TemplatePreview = z.infer<typeof previewTemplateResponseSchema>;

/** POST /api/messages/templates/preview: the text rendered on a real order (or examples). */
export function previewTemplate(body: PreviewBody) {
  return sendJson<TemplatePreview>('POST', '/api/messages/templates/preview', body);
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate });
}
