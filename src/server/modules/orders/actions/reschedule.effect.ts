import { AppError } from '../../../errors';
import { lifecycleErrorCodes } from '@shared/error-codes';
import { updateVisit } from '../../visits/order-visits.service';
import { assertBookable } from '../../settings/settings.service';
import { assertEngineerHasRoom } from '../../visits/engineer-capacity.service';
import type { ActionEffect } from './action-effect';
import { engineerNameOf, loadEngineer } from './engineer';

/** Moves the current visit to another engineer, date or slot. */
export const rescheduleEffect: ActionEffect = async ({ tx, order, current, body, now }) => ({
  input: { engineer: await loadEngineer(tx, body.engineerId, order.contractorId) },
  apply: async (decision) => {
    if (!current) {
      throw new AppError(
        409,
        lifecycleErrorCodes.invalidTransition,
        'The order has no scheduled visit.',
      );
    }
    // After the lifecycle's own checks (role, state, kit): the day and slot /settings allow.
    await assertBookable(tx, body.date!, body.slot!);
    await assertEngineerHasRoom(
      tx,
      order.contractorId!,
      { engineerId: body.engineerId!, date: body.date!, slot: body.slot! },
      current.id,
    );
    await updateVisit(tx, current.id, {
      engineerId: body.engineerId!,
      scheduledDate: body.date!,
      slot: body.slot!,
      kitOverrideReason: decision.kitOverridden
        ? body.kitOverrideReason
        : current.kitOverrideReason,
      updatedAt: now,
    });
    return {
      data: {
        visitId: current.id,
        from: {
          engineerId: current.engineerId,
          engineerName: await engineerNameOf(tx, current.engineerId),
          date: current.scheduledDate,
          slot: current.slot,
        },
        to: {
          engineerId: body.engineerId,
          engineerName: await engineerNameOf(tx, body.engineerId),
          date: body.date,
          slot: body.slot,
        },
        ...(decision.kitOverridden ? { kitOverrideReason: body.kitOverrideReason } : {}),
      },
      // Why it moved (the dispatch board asks); else, as before, why it was booked early.
      reason:
        body.reason?.trim() || (decision.kitOverridden ? (body.kitOverrideReason ?? null) : null),
    };
  },
});
