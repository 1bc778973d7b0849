import { cancelActiveVisits } from '../../visits/order-visits.service';
import { effect } from './action-effect';

/** The order ends: the SLA clock stops and its visits to come are cancelled. */
export const cancelEffect = effect(async ({ tx, order, body, now }) => {
  await cancelActiveVisits(tx, order.id, now);
  return {
    values: {
      cancelledAt: now,
      cancellationReason: body.reason?.trim() || null,
      slaStoppedAt: now,
      holdFromStatus: null,
    },
  };
});
