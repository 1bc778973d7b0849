import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderNoteBody, OrderNote } from '@shared/order-notes/order-notes.contracts';
import { sendJson } from '@web/lib/api-client';
import { orderNoteKeys } from './keys';

/** POST /api/orders/:id/notes: 400 names what is wrong (empty, a mention not allowed). */
export function addOrderNote(orderId: string, body: CreateOrderNoteBody) {
  return sendJson<{ note: OrderNote }>(
    'POST',
    `/api/orders/${encodeURIComponent(orderId)}/notes`,
    body,
  );
}

/**
 * Adds a note, then refreshes the list without waiting for it: the caller's own `onSuccess`
 * (the form clearing what it sent) runs at once, before the new note shows. Waiting for the list
 * first would clear whatever the user began typing in the moment between the two.
 */
export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderNoteBody) => addOrderNote(orderId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderNoteKeys.notes(orderId) });
    },
  });
}
