import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderNotes, type OrderNoteRow } from './order-notes.schema';

export async function listNotesOfOrder(
  db: Database,
  orderId: string,
  options: { sharedOnly: boolean },
): Promise<OrderNoteRow[]> {
  const conditions: SQL[] = [eq(orderNotes.orderId, orderId)];
  if (options.sharedOnly) conditions.push(eq(orderNotes.sharedWithContractor, true));
  return db
    .select()
    .from(orderNotes)
    .where(and(...conditions))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

export async function insertNote(tx: Database, values: typeof orderNotes.$inferInsert) {
  const [row] = await tx.insert(orderNotes).values(values).returning();
  if (!row) throw new Error('insert into order_notes returned nothing');
  return row;
}
