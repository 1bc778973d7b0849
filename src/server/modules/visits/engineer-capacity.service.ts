import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import { dispatchErrorCodes } from '@shared/error-codes';
import { fullMessage, slotFree } from '@shared/dispatch/capacity';
import type { VisitSlot } from '@shared/orders/order-status';
import { lockCompanyEngineer, type CompanyEngineer } from '../users/user-lookup.service';
import { takenSlots } from './visits.repository';

/** "First Last", or "The engineer" for a nameless one: how refusals name an engineer. */
export const engineerName = (engineer: Pick<CompanyEngineer, 'firstName' | 'lastName'>) =>
  `${engineer.firstName} ${engineer.lastName}`.trim() || 'The engineer';

/**
 * Refuses a booking the engineer has no room for (decision 034), whichever screen makes it: the
 * order page, the dispatch board, the calendar or an undo. The engineer's row is locked first, so
 * two bookings at once cannot both take their last slot. `exceptVisitId` is the visit being
 * moved, which frees its own slot.
 */
export async function assertEngineerHasRoom(
  tx: Database,
  contractorId: string,
  place: { engineerId: string; date: string; slot: VisitSlot },
  exceptVisitId: string | null,
): Promise<void> {
  const engineer = await lockCompanyEngineer(tx, contractorId, place.engineerId);
  // An engineer of another company is the lifecycle's refusal, made before this runs.
  if (!engineer) return;
  const taken = await takenSlots(tx, engineer.id, place.date, exceptVisitId);
  if (!slotFree(place.slot, taken)) {
    throw conflict(
      dispatchErrorCodes.engineerFull,
      fullMessage(engineerName(engineer), place.slot, taken),
    );
  }
}
