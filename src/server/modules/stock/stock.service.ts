import {
  stockMessages,
  type LocationKind,
  type MovementKind,
  type Product,
  type StockCategory,
  type SerialHistory,
  type SerialStatus,
} from '@shared/stock/stock.contracts';
import type { z } from 'zod';
import type {
  createProductBody,
  levelsQuery,
  movementsQuery,
  updateProductBody,
} from '@shared/stock/stock.contracts';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { orderErrorCodes } from '@shared/error-codes';
import type { Database } from '../../db/client';
import type { CursorCodec } from '../../db/keyset';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/db-errors';
import { inTransaction } from '../../db/transaction';
import { findOrderNumbers } from '../orders/order-lookup.service';
import { locationLabel, type StockActor } from './ledger.service';
import { locationsFor, productsFor } from './stock-access.service';
import {
  deleteProductRow,
  findProductRows,
  insertLocation,
  insertProduct,
  kitRows,
  findLevelRows,
  listLocationRows,
  listProductRows,
  movementRows,
  serialStepRows,
  replaceKitRows,
  findSerialRow,
  searchSerialRows,
  updateProductRow,
  upsertLowLevel,
  lowLevelRows,
  swapBatchIds,
  type LocationRow,
  type MovementRow,
  type ProductRow,
} from './stock.repository';

// The catalogue, the locations and what the ledger says: everything stock shows.

/** A contractor never sees what kit costs (issue 20): stripped here, on the server. */
export function productFor(actor: StockActor, product: ProductRow): Product {
  const { createdAt: _c, updatedAt: _u, unitCostPence, ...rest } = product;
  const shown = { ...rest, category: rest.category as StockCategory };
  return actor.backOffice ? { ...shown, unitCostPence } : shown;
}

export async function listProducts(db: Database, actor: StockActor) {
  return { items: (await listProductRows(db)).map((p) => productFor(actor, p)) };
}

export async function getProduct(db: Database, actor: StockActor, id: string) {
  const [product] = await findProductRows(db, [id]);
  if (!product) throw notFound('Product not found');
  return productFor(actor, product);
}

/** The refusal names the field, so that the form puts it under the SKU. */
const skuTaken = () =>
  new AppError(409, orderErrorCodes.codeTaken, stockMessages.skuTaken, {
    sku: [stockMessages.skuTaken],
  });

export async function createProduct(
  db: Database,
  actor: StockActor,
  body: z.output<typeof createProductBody>,
) {
  try {
    return productFor(actor, await insertProduct(db, body));
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken();
    throw error;
  }
}

export async function updateProduct(
  db: Database,
  actor: StockActor,
  id: string,
  body: z.output<typeof updateProductBody>,
) {
  try {
    const updated = await updateProductRow(db, id, body);
    if (!updated) throw notFound('Product not found');
    return productFor(actor, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken();
    throw error;
  }
}

export async function deleteProduct(db: Database, id: string) {
  try {
    if (!(await deleteProductRow(db, id))) throw notFound('Product not found');
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw conflict(orderErrorCodes.inUse, stockMessages.productInUse);
    throw error;
  }
}

export async function jobTypeKit(db: Database, jobTypeId: string) {
  const rows = await kitRows(db, jobTypeId);
  return { items: rows.map(({ trackedBySerial: _t, ...item }) => item) };
}

export async function setJobTypeKit(
  db: Database,
  jobTypeId: string,
  items: { productId: string; quantity: number }[],
) {
  const productIds = items.map((item) => item.productId);
  if (new Set(productIds).size !== productIds.length) {
    throw badRequest('Each product once', { items: ['Each product once'] });
  }
  await inTransaction(db, async (tx) => {
    await productsFor(tx, productIds);
    try {
      await replaceKitRows(tx, jobTypeId, items);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound('Job type not found');
      throw error;
    }
  });
  return jobTypeKit(db, jobTypeId);
}

const toLocation = (row: LocationRow) => ({
  id: row.id,
  kind: row.kind as LocationKind,
  name: row.name,
  label: locationLabel(row),
  contractorId: row.contractorId,
  engineerId: row.engineerId,
  active: row.active,
});

/** Back office: every location; a contractor: its depot and its vans. */
export async function listLocations(db: Database, actor: StockActor) {
  if (actor.backOffice) return { items: (await listLocationRows(db)).map(toLocation) };
  if (!actor.contractorId) return { items: [] };
  return { items: (await listLocationRows(db, actor.contractorId)).map(toLocation) };
}

export async function createWarehouse(db: Database, name: string) {
  const created = await insertLocation(db, { kind: 'warehouse', name });
  return toLocation(created!);
}

export async function setLowLevel(
  db: Database,
  actor: StockActor,
  body: { productId: string; locationId: string; level: number },
) {
  await productsFor(db, [body.productId]);
  await locationsFor(db, actor, [body.locationId]);
  await upsertLowLevel(db, body);
}

const uuidPattern = /^[0-9a-f-]{36}$/i;
const refuseCursor = () =>
  badRequest(stockMessages.invalidCursor, { cursor: [stockMessages.invalidCursor] });

/** The levels' signed keyset cursor (db/keyset.ts): after (sku, location). */
function levelsCursor(codec: CursorCodec, cursor: string | undefined) {
  if (!cursor) return undefined;
  const { direction, key } = codec.decode('stock-levels', cursor, 2);
  const [sku, locationId] = key;
  if (direction !== 'after' || !sku || !locationId || !uuidPattern.test(locationId)) {
    throw refuseCursor();
  }
  return { sku, locationId };
}

/** The ledger's signed keyset cursor: before a sequence number (newest first). */
function movementsCursor(codec: CursorCodec, cursor: string | undefined) {
  if (!cursor) return undefined;
  const { direction, key } = codec.decode('stock-movements', cursor, 1);
  const seq = Number(key[0]);
  if (direction !== 'after' || !Number.isSafeInteger(seq)) throw refuseCursor();
  return seq;
}

/** The locations the actor may see: null for back office (all of them). */
async function visibleLocationIds(db: Database, actor: StockActor) {
  if (actor.backOffice) return null;
  if (!actor.contractorId) return [];
  return (await listLocationRows(db, actor.contractorId)).map((row) => row.id);
}

export async function listLevels(
  db: Database,
  codec: CursorCodec,
  actor: StockActor,
  query: z.output<typeof levelsQuery>,
) {
  const after = levelsCursor(codec, query.cursor);
  // A contractor without a contractor record has no places to see.
  if (!actor.backOffice && !actor.contractorId) return { items: [], nextCursor: null };
  const rows = await findLevelRows(db, {
    productId: query.productId,
    locationId: query.locationId,
    contractorId: actor.backOffice ? undefined : (actor.contractorId ?? undefined),
    category: query.category,
    low: query.low === 'true',
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    // Each field named, the unit cost left out (contractors never see it); no object rest.
    items: page.map((row) => ({
      productId: row.productId,
      sku: row.sku,
      productName: row.productName,
      category: row.category as StockCategory,
      locationId: row.locationId,
      quantity: row.quantity,
      lowLevel: row.lowLevel,
      location: locationLabel({ kind: row.locationKind, name: row.locationName }),
      low: row.lowLevel !== null && row.quantity < row.lowLevel,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? codec.encode('stock-levels', { direction: 'after', key: [last.sku, last.locationId] })
        : null,
  };
}

const labelOf = (kind: string | null, name: string | null) =>
  kind === null || name === null ? null : locationLabel({ kind, name });

/**
 * A movement as the API answers it. Each field is named (no rest or spread of the row): object
 * rest over a wide row is a slow path in V8, and a serial's history maps hundreds of them.
 */
function toMovement(row: MovementRow) {
  return {
    id: row.id,
    batchId: row.batchId,
    kind: row.kind as MovementKind,
    productId: row.productId,
    sku: row.sku,
    quantity: row.quantity,
    fromLocationId: row.fromLocationId,
    toLocationId: row.toLocationId,
    serial: row.serial,
    orderId: row.orderId,
    visitId: row.visitId,
    supplier: row.supplier,
    deliveryNote: row.deliveryNote,
    reason: row.reason,
    from: labelOf(row.fromKind, row.fromName),
    to: labelOf(row.toKind, row.toName),
    by: row.actorName,
    at: row.createdAt.toISOString(),
  };
}

function toMovements(rows: MovementRow[]) {
  return rows.map(toMovement);
}

/** The ledger by period, location and kind, newest first. */
export async function listMovements(
  db: Database,
  codec: CursorCodec,
  actor: StockActor,
  query: z.output<typeof movementsQuery>,
) {
  const before = movementsCursor(codec, query.cursor);
  const visible = await visibleLocationIds(db, actor);
  if (query.locationId && visible && !visible.includes(query.locationId)) {
    await locationsFor(db, actor, [query.locationId]);
  }
  const locationIds = query.locationId ? [query.locationId] : (visible ?? undefined);
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const rows = await movementRows(db, {
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? nextDay(query.to) : undefined,
    locationIds,
    kind: query.kind,
    beforeSeq: before,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: toMovements(page),
    nextCursor:
      rows.length > query.limit
        ? codec.encode('stock-movements', { direction: 'after', key: [String(page.at(-1)!.seq)] })
        : null,
  };
}

export async function batchMovements(db: Database, batchId: string) {
  return {
    batchId,
    movements: toMovements(await movementRows(db, { batchId, oldestFirst: true })),
  };
}

const toSerial = (row: Awaited<ReturnType<typeof searchSerialRows>>[number]) => ({
  id: row.serial.id,
  serial: row.serial.serial,
  productId: row.serial.productId,
  sku: row.sku,
  status: row.serial.status as SerialStatus,
  locationId: row.serial.locationId,
  location: labelOf(row.locationKind, row.locationName),
  orderId: row.serial.orderId,
});

/** Serials starting with what was typed. */
export async function searchSerials(db: Database, q: string) {
  return { items: (await searchSerialRows(db, q)).map(toSerial) };
}

/**
 * A serial and every movement it made, oldest first, with who and when, the number of the order
 * each step belongs to, and which steps were a swap (a batch that took a faulty serial out).
 */
export async function serialHistory(db: Database, serial: string): Promise<SerialHistory> {
  const row = await findSerialRow(db, serial);
  if (!row) throw notFound(stockMessages.serialUnknown([serial]));
  const { steps, locations } = await serialStepRows(db, row.serial.id);
  const orderIds = [row.serial.orderId, ...steps.map((step) => step.orderId)];
  const numbers = await findOrderNumbers(db, [
    ...new Set(orderIds.filter((id): id is string => !!id)),
  ]);
  const numberOf = (id: string | null) => (id ? (numbers.get(id) ?? null) : null);
  const swapBatches = new Set(
    await swapBatchIds(
      db,
      steps.filter((step) => step.orderId).map((step) => step.batchId),
    ),
  );
  const labels = new Map([...locations].map(([id, location]) => [id, locationLabel(location)]));
  const labelAt = (id: string | null) => (id ? (labels.get(id) ?? null) : null);
  return {
    serial: { ...toSerial(row), orderNumber: numberOf(row.serial.orderId) },
    // Each field named: object spread over a wide row is a slow path in V8.
    history: steps.map((step) => ({
      id: step.id,
      kind: step.kind as MovementKind,
      from: labelAt(step.fromLocationId),
      to: labelAt(step.toLocationId),
      fromLocationId: step.fromLocationId,
      toLocationId: step.toLocationId,
      orderId: step.orderId,
      orderNumber: numberOf(step.orderId),
      visitId: step.visitId,
      supplier: step.supplier,
      deliveryNote: step.deliveryNote,
      reason: step.reason,
      swap: swapBatches.has(step.batchId),
      by: step.actorName,
      at: step.createdAt.toISOString(),
    })),
  };
}

/** A product's alert levels, at every location that has one. */
export async function productLowLevels(db: Database, productId: string) {
  await productsFor(db, [productId]);
  return { items: await lowLevelRows(db, productId) };
}
