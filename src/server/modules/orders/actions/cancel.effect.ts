import { cancelActiveVisits } from '../../visits/order-visits.service';
import { effect } from './action-effect';

/** The order ends: the SLA clock stops and its visits to come are cancelled. */
export const cancelEffect = effect(async ({ tx, order, body, now }) => {
  const cancelledVisits = await cancelActiveVisits(tx, order.id, now);
  return {
    // Whose visits went with the order (their engineers are told, issue 25).
    ...(cancelledVisits.length > 0 ? { data: { cancelledVisits } } : {}),
    values: {
      cancelledAt: now,
      cancellationReason: body.reason?.trim() || null,
      slaStoppedAt: now,
      holdFromStatus: null,
    },
  };
});
