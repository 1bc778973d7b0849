import { useQuery } from '@tanstack/react-query';
import type { Mentionable, OrderNote } from '@shared/order-notes/order-notes.contracts';
import { getJson } from '@web/lib/api-client';
import { orderNoteKeys } from './keys';

/** GET /api/orders/:id/notes: every note (back office) or the shared ones (the contractor). */
export function useOrderNotes(orderId: string) {
  return useQuery({
    queryKey: orderNoteKeys.notes(orderId),
    queryFn: () =>
      getJson<{ notes: OrderNote[] }>(`/api/orders/${encodeURIComponent(orderId)}/notes`),
  });
}

/** GET /api/orders/:id/notes/mentionable: who the viewer may name with @. */
export function useMentionables(orderId: string) {
  return useQuery({
    queryKey: orderNoteKeys.mentionable(orderId),
    queryFn: () =>
      getJson<{ people: Mentionable[] }>(
        `/api/orders/${encodeURIComponent(orderId)}/notes/mentionable`,
      ),
  });
}
