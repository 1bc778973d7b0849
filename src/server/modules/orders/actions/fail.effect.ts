import { updateVisit } from '../../visits/order-visits.service';
import type { ActionEffect } from './action-effect';

/** The visit ends failed; the engineer's notes are the reason when no reason is given. */
export const failEffect: ActionEffect = async ({ tx, current, body, now }) => ({
  input: { reason: body.reason ?? body.notes },
  apply: async () => {
    await updateVisit(tx, current!.id, {
      status: 'failed',
      outcome: 'failed',
      failureReason: body.failureReason!,
      outcomeNotes: body.notes ?? null,
      checkedOutAt: now,
      updatedAt: now,
    });
    return {
      data: { visitId: current!.id, failureReason: body.failureReason },
      reason: body.notes ?? null,
    };
  },
});
