import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { preparedPerHandle, preparedPerShape } from '../../db/prepared';
import {
  stockJobTypeKit,
  stockLevels,
  stockLocations,
  stockLowLevels,
  stockLowStockEmails,
  stockMovements,
  stockProducts,
  stockSerials,
} from './stock.schema';

// The stock area's queries. The ledger is only ever inserted into: there is no update or delete
// of stock_movements here (and the database refuses both).

export type ProductRow = typeof stockProducts.$inferSelect;
export type LocationRow = typeof stockLocations.$inferSelect;
export type SerialRow = typeof stockSerials.$inferSelect;
export type NewMovementRow = typeof stockMovements.$inferInsert;

export const listProductRows = (db: Database) =>
  db.select().from(stockProducts).orderBy(asc(stockProducts.sku));

export async function findProductRows(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(stockProducts).where(inArray(stockProducts.id, ids));
}

export async function insertProduct(db: Database, row: typeof stockProducts.$inferInsert) {
  const [created] = await db.insert(stockProducts).values(row).returning();
  return created!;
}

export async function updateProductRow(
  db: Database,
  id: string,
  patch: Partial<typeof stockProducts.$inferInsert>,
) {
  const [updated] = await db
    .update(stockProducts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(stockProducts.id, id))
    .returning();
  return updated ?? null;
}

export async function deleteProductRow(db: Database, id: string) {
  const deleted = await db.delete(stockProducts).where(eq(stockProducts.id, id)).returning();
  return deleted.length > 0;
}

export function kitRows(db: Database, jobTypeId: string) {
  return db
    .select({
      productId: stockJobTypeKit.productId,
      quantity: stockJobTypeKit.quantity,
      sku: stockProducts.sku,
      name: stockProducts.name,
      trackedBySerial: stockProducts.trackedBySerial,
    })
    .from(stockJobTypeKit)
    .innerJoin(stockProducts, eq(stockProducts.id, stockJobTypeKit.productId))
    .where(eq(stockJobTypeKit.jobTypeId, jobTypeId))
    .orderBy(asc(stockProducts.sku));
}

export async function replaceKitRows(
  db: Database,
  jobTypeId: string,
  items: { productId: string; quantity: number }[],
) {
  await db.delete(stockJobTypeKit).where(eq(stockJobTypeKit.jobTypeId, jobTypeId));
  if (items.length > 0) {
    await db.insert(stockJobTypeKit).values(items.map((item) => ({ jobTypeId, ...item })));
  }
}

export function listLocationRows(db: Database, contractorId?: string) {
  return db
    .select()
    .from(stockLocations)
    .where(contractorId ? eq(stockLocations.contractorId, contractorId) : undefined)
    .orderBy(asc(stockLocations.kind), asc(stockLocations.name));
}

// Locations by id: every movement's checks and a serial's history read them, prepared once per
// handle (decision 077).
const locationsByIdStatement = preparedPerHandle((db) =>
  db
    .select()
    .from(stockLocations)
    .where(sql`${stockLocations.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('stock_locations_by_id'),
);

export async function findLocationRows(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return locationsByIdStatement(db).execute({ ids });
}

export async function insertLocation(db: Database, row: typeof stockLocations.$inferInsert) {
  const [created] = await db.insert(stockLocations).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function upsertLowLevel(
  db: Database,
  row: { productId: string; locationId: string; level: number },
) {
  if (row.level === 0) {
    await db
      .delete(stockLowLevels)
      .where(
        and(
          eq(stockLowLevels.productId, row.productId),
          eq(stockLowLevels.locationId, row.locationId),
        ),
      );
    return;
  }
  await db
    .insert(stockLowLevels)
    .values(row)
    .onConflictDoUpdate({
      target: [stockLowLevels.productId, stockLowLevels.locationId],
      set: { level: row.level },
    });
}

export function lowLevelRows(db: Database, productId: string) {
  return db
    .select({ locationId: stockLowLevels.locationId, level: stockLowLevels.level })
    .from(stockLowLevels)
    .where(eq(stockLowLevels.productId, productId));
}

/** Of these batches, the swaps: a swap's faulty serial comes back from nowhere (decision 061). */
export async function swapBatchIds(db: Database, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ batchId: stockMovements.batchId })
    .from(stockMovements)
    .where(
      and(
        inArray(stockMovements.batchId, batchIds),
        eq(stockMovements.kind, 'mark_faulty'),
        isNull(stockMovements.fromLocationId),
      ),
    );
  return rows.map((row) => row.batchId);
}

/**
 * Locks the level rows of these (product, location) pairs, creating missing ones at 0, in one
 * order (product, location) so that two movements never wait on each other in a circle.
 */
export async function lockLevels(db: Database, pairs: { productId: string; locationId: string }[]) {
  if (pairs.length === 0) return [];
  await db
    .insert(stockLevels)
    .values(pairs.map((pair) => ({ ...pair, quantity: 0 })))
    .onConflictDoNothing();
  const match = or(
    ...pairs.map((pair) =>
      and(eq(stockLevels.productId, pair.productId), eq(stockLevels.locationId, pair.locationId)),
    ),
  );
  return db
    .select()
    .from(stockLevels)
    .where(match)
    .orderBy(asc(stockLevels.productId), asc(stockLevels.locationId))
    .for('update');
}

export async function addToLevel(
  db: Database,
  productId: string,
  locationId: string,
  delta: number,
) {
  await db
    .update(stockLevels)
    .set({ quantity: sql`${stockLevels.quantity} + ${delta}` })
    .where(and(eq(stockLevels.productId, productId), eq(stockLevels.locationId, locationId)));
}

/** The serials by their text, locked until the transaction ends (in id order). */
export async function lockSerials(db: Database, serials: string[]) {
  if (serials.length === 0) return [];
  return db
    .select()
    .from(stockSerials)
    .where(inArray(stockSerials.serial, serials))
    .orderBy(asc(stockSerials.id))
    .for('update');
}

export async function knownSerials(db: Database, serials: string[]) {
  if (serials.length === 0) return [];
  const rows = await db
    .select({ serial: stockSerials.serial })
    .from(stockSerials)
    .where(inArray(stockSerials.serial, serials));
  return rows.map((row) => row.serial);
}

export async function insertSerials(db: Database, rows: (typeof stockSerials.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(stockSerials).values(rows).returning();
}

export async function moveSerial(
  db: Database,
  id: string,
  change: Pick<SerialRow, 'status' | 'locationId' | 'orderId'>,
) {
  await db
    .update(stockSerials)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(stockSerials.id, id));
}

/** Appends to the ledger: the one write the ledger takes. */
export async function appendMovements(db: Database, rows: NewMovementRow[]) {
  if (rows.length === 0) return [];
  return db.insert(stockMovements).values(rows).returning({ id: stockMovements.id });
}

export type LevelFilter = {
  productId?: string | Placeholder;
  locationId?: string | Placeholder;
  /** Only this contractor's places (its depots and vans). */
  contractorId?: string | Placeholder;
  category?: string | Placeholder;
  /** Only the levels below their low-stock level. */
  low?: boolean;
  after?: { sku: string | Placeholder; locationId: string | Placeholder };
  limit: number | Placeholder;
};

/** The levels page, as one statement (its values given, or placeholders to prepare it). */
export function levelRows(db: Database, filter: LevelFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.productId ? eq(stockLevels.productId, filter.productId) : undefined,
    filter.locationId ? eq(stockLevels.locationId, filter.locationId) : undefined,
    filter.contractorId ? eq(stockLocations.contractorId, filter.contractorId) : undefined,
    filter.category ? eq(stockProducts.category, filter.category) : undefined,
    filter.low ? lt(stockLevels.quantity, stockLowLevels.level) : undefined,
    filter.after
      ? or(
          gt(stockProducts.sku, filter.after.sku),
          and(
            eq(stockProducts.sku, filter.after.sku),
            gt(stockLevels.locationId, filter.after.locationId),
          ),
        )
      : undefined,
  ];
  return db
    .select({
      productId: stockLevels.productId,
      sku: stockProducts.sku,
      productName: stockProducts.name,
      category: stockProducts.category,
      unitCostPence: stockProducts.unitCostPence,
      locationId: stockLevels.locationId,
      locationKind: stockLocations.kind,
      locationName: stockLocations.name,
      quantity: stockLevels.quantity,
      lowLevel: stockLowLevels.level,
    })
    .from(stockLevels)
    .innerJoin(stockProducts, eq(stockProducts.id, stockLevels.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId))
    .leftJoin(
      stockLowLevels,
      and(
        eq(stockLowLevels.productId, stockLevels.productId),
        eq(stockLowLevels.locationId, stockLevels.locationId),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(stockProducts.sku), asc(stockLevels.locationId))
    .limit(filter.limit);
}

export type LevelValues = {
  productId?: string;
  locationId?: string;
  contractorId?: string;
  category?: string;
  low?: boolean;
  after?: { sku: string; locationId: string };
  limit: number;
};

type LevelStatement = ReturnType<ReturnType<typeof levelRows>['prepare']>;
const levelStatementOf = preparedPerShape<LevelStatement>();

/**
 * The levels page, prepared once per database handle for each shape of filter (which filters
 * are given; at most 64 statements): a page request runs the statement with its values, and
 * drizzle does not build the query again (decision 077).
 */
export function findLevelRows(db: Database, filter: LevelValues) {
  const given = {
    productId: !!filter.productId,
    locationId: !!filter.locationId,
    contractorId: !!filter.contractorId,
    category: !!filter.category,
    low: !!filter.low,
    after: !!filter.after,
  };
  const shape = Object.values(given)
    .map((on) => (on ? '1' : '0'))
    .join('');
  const statement = levelStatementOf(db, shape, () => {
    const slot = (on: boolean, name: string) => (on ? sql.placeholder(name) : undefined);
    return levelRows(db, {
      productId: slot(given.productId, 'productId'),
      locationId: slot(given.locationId, 'locationId'),
      contractorId: slot(given.contractorId, 'contractorId'),
      category: slot(given.category, 'category'),
      low: given.low,
      after: given.after
        ? { sku: sql.placeholder('afterSku'), locationId: sql.placeholder('afterLocationId') }
        : undefined,
      limit: sql.placeholder('limit'),
    }).prepare(`stock_levels_${shape}`);
  });
  return statement.execute({
    productId: filter.productId,
    locationId: filter.locationId,
    contractorId: filter.contractorId,
    category: filter.category,
    afterSku: filter.after?.sku,
    afterLocationId: filter.after?.locationId,
    limit: filter.limit,
  });
}

const movementColumns = {
  id: stockMovements.id,
  seq: stockMovements.seq,
  batchId: stockMovements.batchId,
  kind: stockMovements.kind,
  productId: stockMovements.productId,
  sku: stockProducts.sku,
  quantity: stockMovements.quantity,
  fromLocationId: stockMovements.fromLocationId,
  toLocationId: stockMovements.toLocationId,
  serial: stockSerials.serial,
  orderId: stockMovements.orderId,
  visitId: stockMovements.visitId,
  supplier: stockMovements.supplier,
  deliveryNote: stockMovements.deliveryNote,
  reason: stockMovements.reason,
  actorName: stockMovements.actorName,
  createdAt: stockMovements.createdAt,
};
export type MovementRow = Awaited<ReturnType<typeof movementRows>>[number];

// The two ends of a movement, joined for their labels.
const fromLocation = alias(stockLocations, 'from_location');
const toLocation = alias(stockLocations, 'to_location');

export type MovementFilter = {
  from?: Date;
  to?: Date;
  locationIds?: string[];
  kind?: string;
  batchId?: string;
  beforeSeq?: number;
  limit?: number;
  oldestFirst?: boolean;
};

export function movementRows(db: Database, filter: MovementFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.from ? gte(stockMovements.createdAt, filter.from) : undefined,
    filter.to ? lt(stockMovements.createdAt, filter.to) : undefined,
    filter.locationIds
      ? or(
          inArray(stockMovements.fromLocationId, filter.locationIds),
          inArray(stockMovements.toLocationId, filter.locationIds),
        )
      : undefined,
    filter.kind ? eq(stockMovements.kind, filter.kind) : undefined,
    filter.batchId ? eq(stockMovements.batchId, filter.batchId) : undefined,
    filter.beforeSeq ? lt(stockMovements.seq, filter.beforeSeq) : undefined,
  ];
  const query = db
    .select({
      ...movementColumns,
      fromKind: fromLocation.kind,
      fromName: fromLocation.name,
      toKind: toLocation.kind,
      toName: toLocation.name,
    })
    .from(stockMovements)
    .innerJoin(stockProducts, eq(stockProducts.id, stockMovements.productId))
    .leftJoin(stockSerials, eq(stockSerials.id, stockMovements.serialId))
    .leftJoin(fromLocation, eq(fromLocation.id, stockMovements.fromLocationId))
    .leftJoin(toLocation, eq(toLocation.id, stockMovements.toLocationId))
    .where(and(...conditions))
    .orderBy(filter.oldestFirst ? asc(stockMovements.seq) : desc(stockMovements.seq));
  return filter.limit ? query.limit(filter.limit) : query;
}

// A serial's history: its movements alone, then the few locations they name. A serial's steps
// say nothing of its product, SKU or text (the history says them once, from the serial's row),
// so no join reaches the products or serials; and labelling the locations once each, in their
// own statement, is cheaper than joining the locations twice to every row (12.5 ms against
// 10.9 ms for a 200-movement history).
const {
  seq: _seq,
  productId: _productId,
  sku: _sku,
  quantity: _quantity,
  serial: _serial,
  ...serialStepColumns
} = movementColumns;

const serialStepStatement = preparedPerHandle((db) =>
  db
    .select(serialStepColumns)
    .from(stockMovements)
    .where(eq(stockMovements.serialId, sql.placeholder('serialId')))
    .orderBy(asc(stockMovements.seq))
    .prepare('serial_steps'),
);

/**
 * The movements of one serial, oldest first, and the locations they name by id: the statements
 * behind a serial's history (its movements, then findLocationRows: each prepared once per handle).
 */
export async function serialStepRows(db: Database, serialId: string) {
  const steps = await serialStepStatement(db).execute({ serialId });
  const ids = new Set<string>();
  for (const step of steps) {
    if (step.fromLocationId) ids.add(step.fromLocationId);
    if (step.toLocationId) ids.add(step.toLocationId);
  }
  const locations = await findLocationRows(db, [...ids]);
  return { steps, locations: new Map(locations.map((location) => [location.id, location])) };
}

function serialRowQuery(db: Database) {
  return db
    .select({
      serial: stockSerials,
      sku: stockProducts.sku,
      locationKind: stockLocations.kind,
      locationName: stockLocations.name,
    })
    .from(stockSerials)
    .innerJoin(stockProducts, eq(stockProducts.id, stockSerials.productId))
    .leftJoin(stockLocations, eq(stockLocations.id, stockSerials.locationId))
    .where(eq(stockSerials.serial, sql.placeholder('serial')))
    .prepare('find_serial');
}
const serialRowStatement = preparedPerHandle(serialRowQuery);

/** A serial with its product's SKU and its location, by its text (prepared once per handle). */
export async function findSerialRow(db: Database, serial: string) {
  const [row] = await serialRowStatement(db).execute({ serial });
  return row ?? null;
}

export function searchSerialRows(db: Database, q: string) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({
      serial: stockSerials,
      sku: stockProducts.sku,
      locationKind: stockLocations.kind,
      locationName: stockLocations.name,
    })
    .from(stockSerials)
    .innerJoin(stockProducts, eq(stockProducts.id, stockSerials.productId))
    .leftJoin(stockLocations, eq(stockLocations.id, stockSerials.locationId))
    .where(ilike(stockSerials.serial, `${escaped}%`))
    .orderBy(asc(stockSerials.serial))
    .limit(50);
}

/** The stock-take sheet: every product with a level at the location. */
export function levelsAt(db: Database, locationId: string) {
  return db
    .select({
      productId: stockProducts.id,
      sku: stockProducts.sku,
      name: stockProducts.name,
      trackedBySerial: stockProducts.trackedBySerial,
      expected: stockLevels.quantity,
    })
    .from(stockLevels)
    .innerJoin(stockProducts, eq(stockProducts.id, stockLevels.productId))
    .where(eq(stockLevels.locationId, locationId))
    .orderBy(asc(stockProducts.sku));
}

/** Each level as the ledger sums it: what stock_levels must always equal. */
export async function ledgerSums(db: Database) {
  const from = alias(stockMovements, 'out_movements');
  const incoming = await db
    .select({
      productId: stockMovements.productId,
      locationId: stockMovements.toLocationId,
      total: sql<number>`sum(${stockMovements.quantity})::int`,
    })
    .from(stockMovements)
    .where(sql`${stockMovements.toLocationId} is distinct from ${stockMovements.fromLocationId}`)
    .groupBy(stockMovements.productId, stockMovements.toLocationId);
  const outgoing = await db
    .select({
      productId: from.productId,
      locationId: from.fromLocationId,
      total: sql<number>`sum(${from.quantity})::int`,
    })
    .from(from)
    .where(sql`${from.toLocationId} is distinct from ${from.fromLocationId}`)
    .groupBy(from.productId, from.fromLocationId);
  const sums = new Map<string, number>();
  for (const row of incoming) {
    if (row.locationId) sums.set(`${row.productId}/${row.locationId}`, row.total);
  }
  for (const row of outgoing) {
    if (!row.locationId) continue;
    const key = `${row.productId}/${row.locationId}`;
    sums.set(key, (sums.get(key) ?? 0) - row.total);
  }
  return sums;
}

export const allLevelRows = (db: Database) => db.select().from(stockLevels);

export async function findVanOf(db: Database, engineerId: string) {
  const [row] = await db
    .select()
    .from(stockLocations)
    .where(and(eq(stockLocations.kind, 'van'), eq(stockLocations.engineerId, engineerId)))
    .limit(1);
  return row ?? null;
}

/** The van goes with its engineer: a new company or name follows them. */
export async function updateVan(
  db: Database,
  id: string,
  values: { name: string; contractorId: string | null },
) {
  await db.update(stockLocations).set(values).where(eq(stockLocations.id, id));
}

export async function renameDepot(db: Database, contractorId: string, name: string) {
  await db
    .update(stockLocations)
    .set({ name })
    .where(
      and(
        eq(stockLocations.kind, 'depot'),
        eq(stockLocations.contractorId, contractorId),
        ne(stockLocations.name, name),
      ),
    );
}

/** Levels below their low-stock level (no level row counts as none there), by SKU and place. */
export function lowStockRows(db: Database) {
  return db
    .select({
      productId: stockLowLevels.productId,
      sku: stockProducts.sku,
      name: stockProducts.name,
      locationId: stockLowLevels.locationId,
      kind: stockLocations.kind,
      locationName: stockLocations.name,
      quantity: sql<number>`coalesce(${stockLevels.quantity}, 0)`.mapWith(Number),
      lowLevel: stockLowLevels.level,
    })
    .from(stockLowLevels)
    .innerJoin(stockProducts, eq(stockProducts.id, stockLowLevels.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockLowLevels.locationId))
    .leftJoin(
      stockLevels,
      and(
        eq(stockLevels.productId, stockLowLevels.productId),
        eq(stockLevels.locationId, stockLowLevels.locationId),
      ),
    )
    .where(
      and(
        eq(stockProducts.active, true),
        eq(stockLocations.active, true),
        sql`coalesce(${stockLevels.quantity}, 0) < ${stockLowLevels.level}`,
      ),
    )
    .orderBy(asc(stockProducts.sku), asc(stockLocations.name));
}

/** Claims the day's low-stock email: false when it went out already. */
export async function claimLowStockEmail(db: Database, day: string) {
  const claimed = await db
    .insert(stockLowStockEmails)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: stockLowStockEmails.day });
  return claimed.length > 0;
}
