import { AppError } from '../../../errors';
import { lifecycleErrorCodes } from '@shared/error-codes';
import { updateVisit } from '../../visits/order-visits.service';
import type { ActionEffect } from './action-effect';
import { engineerNameOf } from './engineer';

/** Takes the booked visit off the schedule (cancelled); the order waits to be scheduled again. */
export const unscheduleEffect: ActionEffect = async ({ tx, current, now }) => ({
  apply: async () => {
    if (!current || current.status !== 'scheduled') {
      throw new AppError(
        409,
        lifecycleErrorCodes.invalidTransition,
        'The order has no visit waiting to happen.',
      );
    }
    await updateVisit(tx, current.id, { status: 'cancelled', updatedAt: now });
    return {
      data: {
        visitId: current.id,
        engineerId: current.engineerId,
        engineerName: await engineerNameOf(tx, current.engineerId),
        date: current.scheduledDate,
        slot: current.slot,
      },
    };
  },
});
