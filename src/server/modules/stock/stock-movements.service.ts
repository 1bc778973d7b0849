import { stockErrorCodes } from '@shared/error-codes';
import {
  stockMessages,
  type MovementKind,
  type SerialStatus,
  type StockLine,
} from '@shared/stock/stock.contracts';
import type { z } from 'zod';
import type {
  allocateBody,
  installBody,
  markFaultyBody,
  receiveBody,
  returnBody,
  stockTakeBody,
  swapBody,
  transferBody,
  writeOffBody,
} from '@shared/stock/stock.contracts';
import { badRequest, notFound } from '../../errors';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { inTransaction } from '../../db/transaction';
import { findOrderNumbers, findOrderReference } from '../orders/order-lookup.service';
import { parseSerialList, serialRefusal } from './ledger-rules';
import {
  locationLabel,
  recordMovements,
  stockRefusal,
  type LedgerEntry,
  type StockActor,
} from './ledger.service';
import { locationsFor, productsFor } from './stock-access.service';
import {
  insertSerials,
  kitRows,
  knownSerials,
  levelsAt,
  lockLevels,
  lockSerials,
  type LocationRow,
  type ProductRow,
  type SerialRow,
} from './stock.repository';

// Each kind of movement: its checks, then one call to the ledger. Everything runs in one
// transaction, and serials are locked before they are checked, so two calls for the same serial
// or the last unit cannot both pass.

type Extra = Pick<LedgerEntry, 'orderId' | 'visitId' | 'reason' | 'supplier' | 'deliveryNote'>;

/** The serials by text, locked; unknown ones refused together by name. */
async function serialsByText(tx: Database, texts: string[]) {
  const rows = await lockSerials(tx, texts);
  const byText = new Map<string, SerialRow>(rows.map((row) => [row.serial, row]));
  const unknown = texts.filter((text) => !byText.has(text));
  if (unknown.length > 0) {
    throw badRequest(stockMessages.serialUnknown(unknown), {
      serials: [stockMessages.serialUnknown(unknown)],
    });
  }
  return byText;
}

/** A serial not where, or not in the state, the movement says. */
const refuseSerial = (message: string) => stockRefusal(stockErrorCodes.serialNotThere, message);

/** Checks a serial may make this movement from this location; says where it is if not. */
async function checkSerial(
  tx: Database,
  kind: MovementKind,
  row: SerialRow,
  fromLocationId: string,
  labels: (id: string) => string,
) {
  const orderNumber = row.orderId
    ? ((await findOrderNumbers(tx, [row.orderId])).get(row.orderId) ?? null)
    : null;
  const problem = serialRefusal(
    kind,
    {
      serial: row.serial,
      status: row.status as SerialStatus,
      locationId: row.locationId,
      orderNumber,
    },
    fromLocationId,
    labels,
  );
  if (!problem) return;
  throw stockRefusal(
    problem.installed ? stockErrorCodes.serialAlreadyInstalled : stockErrorCodes.serialNotThere,
    problem.message,
  );
}

/** A label for any location, loading the ones a refusal mentions that the request did not. */
function labeller(locations: Map<string, LocationRow>, others: Map<string, string>) {
  return (id: string) => {
    const location = locations.get(id);
    return location ? locationLabel(location) : (others.get(id) ?? 'elsewhere');
  };
}

async function labelsWith(
  tx: Database,
  actor: StockActor,
  locations: Map<string, LocationRow>,
  rows: SerialRow[],
) {
  const missing = rows
    .map((r) => r.locationId)
    .filter((id): id is string => !!id && !locations.has(id));
  const others = new Map<string, string>();
  if (missing.length > 0) {
    // A contractor is told only that a serial is elsewhere, not whose stock it is in.
    const found = await locationsFor(tx, { ...actor, backOffice: true }, missing);
    for (const [id, row] of found)
      others.set(
        id,
        actor.backOffice || row.contractorId === actor.contractorId
          ? locationLabel(row)
          : 'elsewhere',
      );
  }
  return labeller(locations, others);
}

/**
 * The ledger entries for lines of counted quantities and serials: each counted product given a
 * quantity, each serialised one its serials, and each serial where the movement says.
 */
async function entriesForLines(
  tx: Database,
  actor: StockActor,
  kind: MovementKind,
  lines: StockLine[],
  from: string | null,
  to: string | null,
  locations: Map<string, LocationRow>,
  after: (row: SerialRow) => LedgerEntry['serialAfter'],
  extra: Extra,
): Promise<LedgerEntry[]> {
  const products = await productsFor(
    tx,
    lines.map((l) => l.productId),
  );
  const texts = lines.flatMap((l) => l.serials ?? []);
  const repeated = parseSerialList(texts.join('\n')).repeated;
  if (repeated.length > 0) {
    throw stockRefusal(stockErrorCodes.serialsRefused, stockMessages.serialsRepeated(repeated));
  }
  const serials = await serialsByText(tx, texts);
  const labels = await labelsWith(tx, actor, locations, [...serials.values()]);
  const entries: LedgerEntry[] = [];
  for (const line of lines) {
    const product = products.get(line.productId)!;
    if (line.quantity) {
      if (product.trackedBySerial) throw badRequest(stockMessages.serialsNeeded(product.sku));
      entries.push({
        kind,
        productId: product.id,
        quantity: line.quantity,
        fromLocationId: from,
        toLocationId: to,
        ...extra,
      });
      continue;
    }
    if (!product.trackedBySerial) throw badRequest(stockMessages.serialsNotCounted(product.sku));
    for (const text of line.serials ?? []) {
      const row = serials.get(text)!;
      if (row.productId !== product.id) {
        throw refuseSerial(stockMessages.serialWrongProduct(text, product.sku));
      }
      if (from) await checkSerial(tx, kind, row, from, labels);
      entries.push({
        kind,
        productId: product.id,
        quantity: 1,
        fromLocationId: from,
        toLocationId: to,
        serialId: row.id,
        serialAfter: after(row),
        ...extra,
      });
    }
  }
  return entries;
}

type Body<T extends z.ZodType> = z.output<T>;

/**
 * Inserts received serials. Checked as unknown just before, so a clash here is another receipt
 * of the same serial committing in between: refused by name like any known serial.
 */
async function insertNewSerials(tx: Database, rows: Parameters<typeof insertSerials>[1]) {
  try {
    return await insertSerials(tx, rows);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const detail = error as { cause?: { detail?: string }; detail?: string };
    const clash = /\(serial\)=\((.*)\)/.exec(detail.cause?.detail ?? detail.detail ?? '')?.[1];
    const serials = clash ? [clash] : rows.map((row) => row.serial);
    throw stockRefusal(stockErrorCodes.serialsRefused, stockMessages.serialsKnown(serials));
  }
}

/** Goods in: counted quantities, and serials from a pasted or uploaded list. */
export function receive(db: Database, actor: StockActor, body: Body<typeof receiveBody>) {
  return inTransaction(db, async (tx) => {
    await locationsFor(tx, actor, [body.locationId]);
    const products = await productsFor(
      tx,
      body.lines.map((l) => l.productId),
    );
    const perLine = body.lines.map((line) => {
      const product = products.get(line.productId)!;
      if (!product.trackedBySerial) {
        if (!line.quantity) throw badRequest('Give a quantity', { quantity: ['Give a quantity'] });
        return { product, quantity: line.quantity, serials: [] as string[] };
      }
      if (!line.serials) throw badRequest(stockMessages.serialsNeeded(product.sku));
      const { serials, repeated } = parseSerialList(line.serials);
      if (repeated.length > 0) {
        throw stockRefusal(stockErrorCodes.serialsRefused, stockMessages.serialsRepeated(repeated));
      }
      if (serials.length === 0) throw badRequest(stockMessages.serialsNeeded(product.sku));
      return { product, quantity: serials.length, serials };
    });
    const all = perLine.flatMap((line) => line.serials);
    const across = parseSerialList(all.join('\n')).repeated;
    if (across.length > 0) {
      throw stockRefusal(stockErrorCodes.serialsRefused, stockMessages.serialsRepeated(across));
    }
    const known = await knownSerials(tx, all);
    if (known.length > 0) {
      throw stockRefusal(stockErrorCodes.serialsRefused, stockMessages.serialsKnown(known));
    }
    const extra = { supplier: body.supplier, deliveryNote: body.deliveryNote };
    const entries: LedgerEntry[] = [];
    for (const line of perLine) {
      if (line.serials.length === 0) {
        entries.push({
          kind: 'receive',
          productId: line.product.id,
          quantity: line.quantity,
          fromLocationId: null,
          toLocationId: body.locationId,
          ...extra,
        });
        continue;
      }
      const rows = await insertNewSerials(
        tx,
        line.serials.map((serial) => ({
          serial,
          productId: line.product.id,
          status: 'in_stock',
          locationId: body.locationId,
        })),
      );
      for (const row of rows) {
        entries.push({
          kind: 'receive',
          productId: line.product.id,
          quantity: 1,
          fromLocationId: null,
          toLocationId: body.locationId,
          serialId: row.id,
          ...extra,
        });
      }
    }
    return recordMovements(tx, actor, entries);
  });
}

/** Several lines from one location to another. */
export function transfer(db: Database, actor: StockActor, body: Body<typeof transferBody>) {
  if (body.fromLocationId === body.toLocationId) {
    throw badRequest(stockMessages.sameLocation, { toLocationId: [stockMessages.sameLocation] });
  }
  return inTransaction(db, async (tx) => {
    const locations = await locationsFor(tx, actor, [body.fromLocationId, body.toLocationId]);
    const entries = await entriesForLines(
      tx,
      actor,
      'transfer',
      body.lines,
      body.fromLocationId,
      body.toLocationId,
      locations,
      (row) => ({
        status: row.status as SerialStatus,
        locationId: body.toLocationId,
        orderId: row.orderId,
      }),
      { reason: body.reason },
    );
    return recordMovements(tx, actor, entries);
  });
}

async function orderOrThrow(tx: Database, orderId: string) {
  const order = await findOrderReference(tx, orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Sets an order's kit (its job type's) aside at a location: serials named, counted by number. */
export function allocate(db: Database, actor: StockActor, body: Body<typeof allocateBody>) {
  return inTransaction(db, async (tx) => {
    const order = await orderOrThrow(tx, body.orderId);
    const locations = await locationsFor(tx, actor, [body.locationId]);
    const kit = await kitRows(tx, order.jobTypeId);
    if (kit.length === 0) throw badRequest(stockMessages.noKit);
    const serials = await serialsByText(tx, body.serials);
    const lines: StockLine[] = kit.map((item) => {
      if (!item.trackedBySerial) return { productId: item.productId, quantity: item.quantity };
      const chosen = body.serials.filter((text) => serials.get(text)?.productId === item.productId);
      if (chosen.length !== item.quantity) {
        throw badRequest(
          `The kit needs ${item.quantity} of SKU ${item.sku}: list ${item.quantity === 1 ? 'its serial' : 'their serials'}`,
          { serials: [stockMessages.serialsNeeded(item.sku)] },
        );
      }
      return { productId: item.productId, serials: chosen };
    });
    const entries = await entriesForLines(
      tx,
      actor,
      'allocate',
      lines,
      body.locationId,
      body.locationId,
      locations,
      () => ({ status: 'allocated', locationId: body.locationId, orderId: order.id }),
      { orderId: order.id },
    );
    return recordMovements(tx, actor, entries);
  });
}

/** Kit fitted on a visit: it leaves the van for the customer's. */
export function install(db: Database, actor: StockActor, body: Body<typeof installBody>) {
  return inTransaction(db, async (tx) => {
    const order = await orderOrThrow(tx, body.orderId);
    const locations = await locationsFor(tx, actor, [body.locationId]);
    const entries = await entriesForLines(
      tx,
      actor,
      'install',
      body.lines,
      body.locationId,
      null,
      locations,
      () => ({ status: 'installed', locationId: null, orderId: order.id }),
      { orderId: order.id, visitId: body.visitId ?? null },
    );
    return recordMovements(tx, actor, entries);
  });
}

/** A swap on a visit, one step: the faulty serial back to the van as faulty, the replacement in. */
export function swap(db: Database, actor: StockActor, body: Body<typeof swapBody>) {
  return inTransaction(db, async (tx) => {
    const order = await orderOrThrow(tx, body.orderId);
    const locations = await locationsFor(tx, actor, [body.locationId]);
    const serials = await serialsByText(tx, [body.faultySerial, body.replacementSerial]);
    const faulty = serials.get(body.faultySerial)!;
    if (faulty.status !== 'installed' || faulty.orderId !== order.id) {
      throw refuseSerial(stockMessages.serialNotFaultyHere(faulty.serial));
    }
    const extra = { orderId: order.id, visitId: body.visitId ?? null, reason: body.reason };
    const installs = await entriesForLines(
      tx,
      actor,
      'install',
      [
        {
          productId: serials.get(body.replacementSerial)!.productId,
          serials: [body.replacementSerial],
        },
      ],
      body.locationId,
      null,
      locations,
      () => ({ status: 'installed', locationId: null, orderId: order.id }),
      extra,
    );
    const out: LedgerEntry = {
      kind: 'mark_faulty',
      productId: faulty.productId,
      quantity: 1,
      fromLocationId: null,
      toLocationId: body.locationId,
      serialId: faulty.id,
      serialAfter: { status: 'faulty', locationId: body.locationId, orderId: order.id },
      ...extra,
    };
    return recordMovements(tx, actor, [out, ...installs]);
  });
}

/** Back from a van or depot, or (no `from`) from a customer's: the items arrive as returned. */
export function returnStock(db: Database, actor: StockActor, body: Body<typeof returnBody>) {
  return inTransaction(db, async (tx) => {
    const ids = [body.toLocationId, ...(body.fromLocationId ? [body.fromLocationId] : [])];
    const locations = await locationsFor(tx, actor, ids);
    const from = body.fromLocationId ?? null;
    if (!from) {
      for (const text of body.lines.flatMap((l) => l.serials ?? [])) {
        const row = (await serialsByText(tx, [text])).get(text)!;
        if (row.status !== 'installed' || (body.orderId && row.orderId !== body.orderId)) {
          throw refuseSerial(
            `Serial ${text} is not installed${body.orderId ? ' on this order' : ''}`,
          );
        }
      }
    }
    const entries = await entriesForLines(
      tx,
      actor,
      'return',
      body.lines,
      from,
      body.toLocationId,
      locations,
      () => ({ status: 'returned', locationId: body.toLocationId, orderId: null }),
      { reason: body.reason, orderId: body.orderId ?? null },
    );
    return recordMovements(tx, actor, entries);
  });
}

/** Serials found faulty where they lie. */
export function markFaulty(db: Database, actor: StockActor, body: Body<typeof markFaultyBody>) {
  return inTransaction(db, async (tx) => {
    const locations = await locationsFor(tx, actor, [body.locationId]);
    const rows = await serialsByText(tx, body.serials);
    const byProduct = new Map<string, string[]>();
    for (const text of body.serials) {
      const productId = rows.get(text)!.productId;
      byProduct.set(productId, [...(byProduct.get(productId) ?? []), text]);
    }
    const entries = await entriesForLines(
      tx,
      actor,
      'mark_faulty',
      [...byProduct].map(([productId, serials]) => ({ productId, serials })),
      body.locationId,
      body.locationId,
      locations,
      (row) => ({ status: 'faulty', locationId: body.locationId, orderId: row.orderId }),
      { reason: body.reason },
    );
    return recordMovements(tx, actor, entries);
  });
}

/** Lost, broken beyond use, scrapped: out of stock for good. */
export function writeOff(db: Database, actor: StockActor, body: Body<typeof writeOffBody>) {
  return inTransaction(db, async (tx) => {
    const locations = await locationsFor(tx, actor, [body.locationId]);
    const entries = await entriesForLines(
      tx,
      actor,
      'write_off',
      body.lines,
      body.locationId,
      null,
      locations,
      () => ({ status: 'written_off', locationId: null, orderId: null }),
      { reason: body.reason },
    );
    return recordMovements(tx, actor, entries);
  });
}

/** The stock-take sheet: what the ledger expects at the location. */
export async function stockTakeSheet(db: Database, actor: StockActor, locationId: string) {
  await locationsFor(db, actor, [locationId]);
  return { items: await levelsAt(db, locationId) };
}

/**
 * Counted against expected, every difference adjusted in one step with one reason. Serialised
 * products are counted serial by serial (found, returned, written off), not adjusted by number.
 */
export function stockTake(db: Database, actor: StockActor, body: Body<typeof stockTakeBody>) {
  return inTransaction(db, async (tx) => {
    await locationsFor(tx, actor, [body.locationId]);
    const products = await productsFor(
      tx,
      body.counts.map((c) => c.productId),
    );
    // Locked first, so that nothing moves between the count and its adjustment.
    const locked = await lockLevels(
      tx,
      [...products.keys()].sort().map((productId) => ({ productId, locationId: body.locationId })),
    );
    const expected = new Map(locked.map((l) => [l.productId, l.quantity]));
    const entries: LedgerEntry[] = [];
    for (const count of body.counts) {
      const product: ProductRow = products.get(count.productId)!;
      if (product.trackedBySerial)
        throw badRequest(stockMessages.countSerialsBySerial(product.sku));
      const difference = count.counted - (expected.get(product.id) ?? 0);
      if (difference === 0) continue;
      entries.push({
        kind: 'adjustment',
        productId: product.id,
        quantity: Math.abs(difference),
        fromLocationId: difference < 0 ? body.locationId : null,
        toLocationId: difference > 0 ? body.locationId : null,
        reason: body.reason,
      });
    }
    return entries.length > 0 ? recordMovements(tx, actor, entries) : null;
  });
}
