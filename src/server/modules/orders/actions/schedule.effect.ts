import { AppError } from '../../../errors';
import { lifecycleErrorCodes } from '@shared/error-codes';
import { insertVisit } from '../../visits/order-visits.service';
import { assertBookable } from '../../settings/settings.service';
import { assertEngineerHasRoom } from '../../visits/engineer-capacity.service';
import type { ActionEffect } from './action-effect';
import { engineerNameOf, loadEngineer } from './engineer';

/**
 * Books the visit. An order has at most one visit to come: a replayed `schedule` is refused by
 * the lifecycle (the order is already `scheduled`), and this check holds even if the status and
 * the visits ever disagreed.
 */
export const scheduleEffect: ActionEffect = async ({ tx, order, current, body }) => ({
  input: { engineer: await loadEngineer(tx, body.engineerId, order.contractorId) },
  apply: async (decision) => {
    if (current) {
      throw new AppError(
        409,
        lifecycleErrorCodes.invalidTransition,
        'The order already has a scheduled visit; reschedule it instead.',
      );
    }
    // After the lifecycle's own checks (role, state, kit): the day and slot /settings allow.
    await assertBookable(tx, body.date!, body.slot!);
    await assertEngineerHasRoom(
      tx,
      order.contractorId!,
      { engineerId: body.engineerId!, date: body.date!, slot: body.slot! },
      null,
    );
    const visit = await insertVisit(tx, {
      orderId: order.id,
      contractorId: order.contractorId!,
      engineerId: body.engineerId!,
      scheduledDate: body.date!,
      slot: body.slot!,
      kitOverrideReason: decision.kitOverridden ? body.kitOverrideReason : null,
    });
    const data: Record<string, unknown> = {
      visitId: visit.id,
      engineerId: body.engineerId,
      engineerName: await engineerNameOf(tx, body.engineerId),
      date: body.date,
      slot: body.slot,
    };
    if (decision.kitOverridden) data.kitOverrideReason = body.kitOverrideReason;
    return { data, reason: decision.kitOverridden ? (body.kitOverrideReason ?? null) : null };
  },
});
