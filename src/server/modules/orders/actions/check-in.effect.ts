import { visitErrorCodes } from '@shared/error-codes';
import { isOffDayCheckIn, offDayReasonMessage } from '@shared/visits/off-day-check-in';
import { AppError } from '../../../errors';
import { updateVisit } from '../../visits/order-visits.service';
import { effect } from './action-effect';
import { londonDateOf } from '@shared/london-date';

/**
 * The engineer arrives: the visit is under way, where they checked in from. On another UK day
 * than the booked one (judged by when the check-in was made, the device's time), a reason is
 * required and kept on the visit and the event (issue 24, decision 073).
 */
export const checkInEffect = effect(async ({ tx, current, body, now }) => {
  const visit = current!;
  const offDay = isOffDayCheckIn(visit.scheduledDate, now);
  const reason = offDay ? (body.offDayReason ?? null) : null;
  if (offDay && !reason) {
    const message = offDayReasonMessage(visit.scheduledDate);
    throw new AppError(400, visitErrorCodes.offDayReasonRequired, message, {
      offDayReason: [message],
    });
  }
  await updateVisit(tx, visit.id, {
    status: 'in_progress',
    checkedInAt: now,
    checkInLatitude: body.latitude?.toString() ?? null,
    checkInLongitude: body.longitude?.toString() ?? null,
    checkInOffDayReason: reason,
    updatedAt: now,
  });
  if (!offDay) return { data: { visitId: visit.id } };
  return {
    data: {
      visitId: visit.id,
      bookedDate: visit.scheduledDate,
      checkedInDate: londonDateOf(now),
      offDayReason: reason,
    },
    reason,
  };
});
