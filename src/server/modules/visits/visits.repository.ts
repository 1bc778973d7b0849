import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visits } from './visits.schema';
import type { VisitSlot } from '@shared/orders/order-status';

/** The slots the engineer's visits take that day (cancelled and failed ones free theirs). */
export async function takenSlots(
  db: Database,
  engineerId: string,
  date: string,
  exceptVisitId: string | null,
): Promise<VisitSlot[]> {
  const rows = await db
    .select({ slot: visits.slot })
    .from(visits)
    .where(
      and(
        eq(visits.engineerId, engineerId),
        eq(visits.scheduledDate, date),
        inArray(visits.status, ['scheduled', 'in_progress', 'completed']),
        exceptVisitId ? ne(visits.id, exceptVisitId) : undefined,
      ),
    );
  return rows.map((r) => r.slot);
}

/** The visits still scheduled on a day. */
export async function listScheduledVisitsOn(db: Database, date: string) {
  return db
    .select({ id: visits.id, orderId: visits.orderId })
    .from(visits)
    .where(and(eq(visits.scheduledDate, date), eq(visits.status, 'scheduled')));
}
