import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visits } from './visits.schema';
import type { VisitSlot } from '@shared/orders/order-status';
import { takenSlotsOf } from '@shared/dispatch/capacity';

/** The slots the engineer's visits take that day (cancelled and failed ones free theirs). */
export async function takenSlots(
  db: Database,
  engineerId: string,
  date: string,
  exceptVisitId: string | null,
): Promise<VisitSlot[]> {
  const rows = await db
    .select({
      id: visits.id,
      engineerId: visits.engineerId,
      date: visits.scheduledDate,
      slot: visits.slot,
      status: visits.status,
    })
    .from(visits)
    .where(and(eq(visits.engineerId, engineerId), eq(visits.scheduledDate, date)));
  // The same rule the dispatch board offers its slots by (src/shared/dispatch/capacity.ts).
  return takenSlotsOf(rows, engineerId, date, exceptVisitId);
}

/** The visits still scheduled on a day. */
export async function listScheduledVisitsOn(db: Database, date: string) {
  return db
    .select({ id: visits.id, orderId: visits.orderId })
    .from(visits)
    .where(and(eq(visits.scheduledDate, date), eq(visits.status, 'scheduled')));
}
