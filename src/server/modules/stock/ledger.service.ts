import { randomUUID } from 'node:crypto';
import { stockErrorCodes } from '@shared/error-codes';
import {
  locationKindLabels,
  stockMessages,
  type LocationKind,
} from '@shared/stock/stock.contracts';
import type { SerialStatus, MovementKind } from '@shared/stock/stock.contracts';
import { AppError } from '../../errors';
import type { Database } from '../../db/client';
import { levelDeltas, unitsNeeded, type LevelChange } from './ledger-rules';
import {
  addToLevel,
  appendMovements,
  findLocationRows,
  findProductRows,
  lockLevels,
  moveSerial,
  type LocationRow,
  type ProductRow,
} from './stock.repository';

/** Who makes a movement: kept on it by id and by name. */
export type StockActor = {
  /** Null for the system (the demo seed). */
  id: string | null;
  name: string;
  /** A contractor's company: it may touch only its own depot and vans. Null for back office. */
  contractorId: string | null;
  backOffice: boolean;
};

export type LedgerEntry = LevelChange & {
  kind: MovementKind;
  serialId?: string;
  /** Where the serial ends and in what state: applied with the movement, never apart from it. */
  serialAfter?: { status: SerialStatus; locationId: string | null; orderId: string | null };
  orderId?: string | null;
  visitId?: string | null;
  supplier?: string | null;
  deliveryNote?: string | null;
  reason?: string | null;
};

export const stockRefusal = (
  code: (typeof stockErrorCodes)[keyof typeof stockErrorCodes],
  message: string,
) => new AppError(409, code, message);

export const locationLabel = (location: Pick<LocationRow, 'kind' | 'name'>) =>
  `${locationKindLabels[location.kind as LocationKind] ?? location.kind}: ${location.name}`;

/** The products and locations a batch names, for the words of a refusal. */
export async function namesFor(db: Database, entries: LevelChange[]) {
  const products = await findProductRows(db, [...new Set(entries.map((e) => e.productId))]);
  const locationIds = entries.flatMap((e) => [e.fromLocationId, e.toLocationId]);
  const locations = await findLocationRows(db, [
    ...new Set(locationIds.filter((id): id is string => !!id)),
  ]);
  const productById = new Map<string, ProductRow>(products.map((p) => [p.id, p]));
  const locationById = new Map<string, LocationRow>(locations.map((l) => [l.id, l]));
  return {
    sku: (id: string) => productById.get(id)?.sku ?? id,
    label: (id: string) => {
      const location = locationById.get(id);
      return location ? locationLabel(location) : id;
    },
  };
}

/**
 * Records one step in the ledger, inside the caller's transaction: locks the levels it touches
 * (in a fixed order), refuses it whole if any level would go below zero, then appends the
 * movements, moves the levels and the serials together. Returns the batch id.
 */
export async function recordMovements(
  tx: Database,
  actor: StockActor,
  entries: LedgerEntry[],
): Promise<string> {
  const deltas = levelDeltas(entries);
  const pairs = [...deltas.keys()].sort().map((key) => {
    const [productId, locationId] = key.split('/') as [string, string];
    return { productId, locationId };
  });
  const levels = await lockLevels(tx, pairs);
  const current = new Map(levels.map((l) => [`${l.productId}/${l.locationId}`, l.quantity]));
  for (const [key, needed] of unitsNeeded(entries)) {
    const have = current.get(key) ?? 0;
    if (have >= needed) continue;
    const [productId, locationId] = key.split('/') as [string, string];
    const names = await namesFor(tx, entries);
    throw stockRefusal(
      stockErrorCodes.notEnoughStock,
      stockMessages.notEnough(names.sku(productId), names.label(locationId), have),
    );
  }
  const batchId = randomUUID();
  const inserted = await appendMovements(
    tx,
    entries.map((entry) => ({
      batchId,
      kind: entry.kind,
      productId: entry.productId,
      quantity: entry.quantity,
      fromLocationId: entry.fromLocationId,
      toLocationId: entry.toLocationId,
      serialId: entry.serialId ?? null,
      orderId: entry.orderId ?? null,
      visitId: entry.visitId ?? null,
      supplier: entry.supplier ?? null,
      deliveryNote: entry.deliveryNote ?? null,
      reason: entry.reason ?? null,
      actorId: actor.id,
      actorName: actor.name,
    })),
  );
  if (inserted.length !== entries.length) throw new Error('The ledger did not take every movement');
  for (const pair of pairs) {
    const delta = deltas.get(`${pair.productId}/${pair.locationId}`) ?? 0;
    if (delta !== 0) await addToLevel(tx, pair.productId, pair.locationId, delta);
  }
  for (const entry of entries) {
    if (entry.serialId && entry.serialAfter) {
      await moveSerial(tx, entry.serialId, entry.serialAfter);
    }
  }
  return batchId;
}
