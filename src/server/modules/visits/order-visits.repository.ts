import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visits } from './visits.schema';

// The visit rows an order's lifecycle reads and writes (schedule, reschedule, check in, fail,
// complete, cancel), in the order action's transaction.

export type VisitRow = typeof visits.$inferSelect;

/** The order's visits, oldest first, without the engineer's name. */
export async function findVisitRowsOfOrder(tx: Database, orderId: string): Promise<VisitRow[]> {
  return tx
    .select()
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .orderBy(visits.createdAt, visits.id);
}

/** Whether this user is the engineer of one of the order's visits. */
export async function engineerHasVisit(db: Database, orderId: string, userId: string) {
  const rows = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.orderId, orderId), eq(visits.engineerId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertVisit(tx: Database, values: typeof visits.$inferInsert) {
  const [visit] = await tx.insert(visits).values(values).returning({ id: visits.id });
  return visit!;
}

export async function updateVisit(tx: Database, id: string, values: Partial<VisitRow>) {
  await tx.update(visits).set(values).where(eq(visits.id, id));
}

/** Cancels the order's visits still to happen or under way. */
/** Cancels the order's visits to come; answers them (whose engineers are told, issue 25). */
export async function cancelActiveVisits(tx: Database, orderId: string, now: Date) {
  return tx
    .update(visits)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(visits.orderId, orderId), inArray(visits.status, ['scheduled', 'in_progress'])))
    .returning({
      visitId: visits.id,
      engineerId: visits.engineerId,
      date: visits.scheduledDate,
      slot: visits.slot,
    });
}
