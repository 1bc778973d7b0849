import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardVisit, MoveVisitBody } from '@shared/dispatch/dispatch.contracts';
import { sendJson } from '@web/lib/api-client';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from '@web/api/orders/keys';
import { dispatchKeys } from './keys';

/** POST /api/dispatch/calendar/visits/:id/move: back office moves a visit, board rules apply. */
export function useMoveCalendarVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ visitId, body }: { visitId: string; body: MoveVisitBody }) =>
      (
        await sendJson<{ visit: BoardVisit }>(
          'POST',
          `/api/dispatch/calendar/visits/${encodeURIComponent(visitId)}/move`,
          body,
        )
      ).visit,
    onSuccess: () =>
      Promise.all(
        [dispatchKeys.all, orderKeys.all, dashboardKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
