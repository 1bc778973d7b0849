import { dispatchErrorCodes } from '@shared/error-codes';
import type { VisitSlot } from '@shared/orders/order-status';
import { bookingRefusals } from '@shared/settings/booking-rules';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getBookingRules } from './general-settings.service';

/**
 * Refuses a visit on a day that is not worked or in a slot that is not offered (decision 071):
 * 400 with the reason on its field (`date`, `slot`). The settings are read from the database on
 * each call, so a change in /settings holds for the next booking, in every process.
 */
export async function assertBookable(db: Database, date: string, slot: VisitSlot): Promise<void> {
  const refusals = bookingRefusals(await getBookingRules(db), date, slot);
  const first = refusals[0];
  if (!first) return;
  const details: Record<string, string[]> = {};
  for (const refusal of refusals) details[refusal.field] = [refusal.message];
  throw new AppError(
    400,
    first.reason === 'slot_not_offered'
      ? dispatchErrorCodes.slotNotOffered
      : dispatchErrorCodes.notWorkingDay,
    first.message,
    details,
  );
}
