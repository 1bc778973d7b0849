import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BoardVisit,
  MoveVisitBody,
  ScheduleOrderBody,
} from '@shared/dispatch/dispatch.contracts';
import { sendJson } from '@web/lib/api-client';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from '@web/api/orders/keys';
import { dispatchKeys } from './keys';

/**
 * The board's three moves, one family: POST /api/dispatch/orders/:id/schedule,
 * /api/dispatch/visits/:id/move and /api/dispatch/visits/:id/unschedule. A clash answers 409
 * with its code and reason, which the board shows where the card was dropped.
 */
export type Placement =
  | { kind: 'schedule'; orderId: string; body: ScheduleOrderBody }
  | { kind: 'move'; visitId: string; body: MoveVisitBody }
  | { kind: 'unschedule'; visitId: string; reason: string };

export async function placeVisit(placement: Placement): Promise<BoardVisit | null> {
  const id = encodeURIComponent(
    placement.kind === 'schedule' ? placement.orderId : placement.visitId,
  );
  switch (placement.kind) {
    case 'schedule':
      return (
        await sendJson<{ visit: BoardVisit }>(
          'POST',
          `/api/dispatch/orders/${id}/schedule`,
          placement.body,
        )
      ).visit;
    case 'move':
      return (
        await sendJson<{ visit: BoardVisit }>(
          'POST',
          `/api/dispatch/visits/${id}/move`,
          placement.body,
        )
      ).visit;
    case 'unschedule':
      await sendJson<null>('POST', `/api/dispatch/visits/${id}/unschedule`, {
        reason: placement.reason,
      });
      return null;
  }
}

export function usePlaceVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeVisit,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
