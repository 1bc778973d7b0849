import { updateVisit } from '../../visits/order-visits.service';
import { effect } from './action-effect';

/** The engineer arrives: the visit is under way, where they checked in from. */
export const checkInEffect = effect(async ({ tx, current, body, now }) => {
  await updateVisit(tx, current!.id, {
    status: 'in_progress',
    checkedInAt: now,
    checkInLatitude: body.latitude?.toString() ?? null,
    checkInLongitude: body.longitude?.toString() ?? null,
    updatedAt: now,
  });
  return { data: { visitId: current!.id } };
});
