import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { stockFieldSerials, stockLocations } from './stock.schema';

// The serials the engineer app recorded on visits, as stock took them (issue 20).

export type FieldSerialRow = typeof stockFieldSerials.$inferSelect;

/**
 * Claims (visit, serial) for this call: answers the new row's id, or null when the serial was
 * taken already (a replay, or a second delivery), which then does nothing.
 */
export async function claimFieldSerial(
  db: Database,
  row: Pick<FieldSerialRow, 'visitId' | 'orderId' | 'engineerId' | 'serial' | 'label'>,
) {
  const [claimed] = await db
    .insert(stockFieldSerials)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing({ target: [stockFieldSerials.visitId, stockFieldSerials.serial] })
    .returning({ id: stockFieldSerials.id });
  return claimed?.id ?? null;
}

export async function updateFieldSerial(
  db: Database,
  id: string,
  values: Partial<Omit<FieldSerialRow, 'id'>>,
) {
  await db.update(stockFieldSerials).set(values).where(eq(stockFieldSerials.id, id));
}

/** One flag, locked until the transaction ends (two resolutions of it cannot both pass). */
export async function lockFieldSerial(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(stockFieldSerials)
    .where(eq(stockFieldSerials.id, id))
    .for('update');
  return row ?? null;
}

/** Flags (not the serials installed without a problem), newest first, with the van's name. */
export function fieldFlagRows(
  db: Database,
  filter: { status?: 'open' | 'resolved'; orderId?: string; limit?: number },
) {
  return flagRowsQuery(
    db,
    filter.status ? eq(stockFieldSerials.status, filter.status) : everFlagged,
    filter.orderId ? eq(stockFieldSerials.orderId, filter.orderId) : undefined,
    filter.limit ?? 500,
  );
}

/** Without a status: every row that was ever a flag, open or resolved. */
const everFlagged = inArray(stockFieldSerials.status, ['open', 'resolved']);

function flagRowsQuery(db: Database, status: SQL, order: SQL | undefined, limit: number) {
  return db
    .select({ flag: stockFieldSerials, van: stockLocations.name })
    .from(stockFieldSerials)
    .leftJoin(
      stockLocations,
      and(
        eq(stockLocations.kind, 'van'),
        eq(stockLocations.engineerId, stockFieldSerials.engineerId),
      ),
    )
    .where(and(status, order))
    .orderBy(desc(stockFieldSerials.createdAt), desc(stockFieldSerials.id))
    .limit(limit);
}

// Every order detail in back office reads its flags: prepared once per handle.
const orderFlagRowsStatement = preparedPerHandle((db) =>
  flagRowsQuery(
    db,
    everFlagged,
    eq(stockFieldSerials.orderId, sql.placeholder('orderId')),
    500,
  ).prepare('order_field_flags'),
);

/** An order's flags, open and resolved, newest first, with the van's name. */
export function orderFieldFlagRows(db: Database, orderId: string) {
  return orderFlagRowsStatement(db).execute({ orderId });
}
