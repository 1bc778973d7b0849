import { visitCompletionGaps } from '../../visits/visit-completion.service';
import { updateVisit } from '../../visits/order-visits.service';
import type { ActionEffect } from './action-effect';

/**
 * The visit ends completed; the SLA clock stops. The lifecycle refuses the move while the
 * visit's record lacks anything the completion rule asks (issue 18): this is the one place every
 * completion passes, whichever route asked for it.
 */
export const completeEffect: ActionEffect = async ({ tx, current, body, now }) => ({
  input: { completionMissing: await visitCompletionGaps(tx, current) },
  apply: async () => {
    await updateVisit(tx, current!.id, {
      status: 'completed',
      outcome: 'completed',
      checkedOutAt: now,
      outcomeNotes: body.notes ?? current!.outcomeNotes,
      updatedAt: now,
    });
    return { values: { completedAt: now, slaStoppedAt: now }, data: { visitId: current!.id } };
  },
});
