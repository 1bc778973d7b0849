import {
  fieldFlagMessages,
  type FieldFlag,
  type FieldFlagResolution,
} from '@shared/stock/field-flags.contracts';
import { stockErrorCodes, commonErrorCodes } from '@shared/error-codes';
import type { SerialStatus } from '@shared/stock/stock.contracts';
import type { z } from 'zod';
import type { fieldFlagsQuery, resolveFieldFlagBody } from '@shared/stock/field-flags.contracts';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { inTransaction } from '../../db/transaction';
import { findOrderNumbers } from '../orders/order-lookup.service';
import { findVisitWithOrder } from '../orders/projections/visit-record.projection';
import { serialRefusal, whereIs } from './ledger-rules';
import {
  locationLabel,
  recordMovements,
  stockRefusal,
  type LedgerEntry,
  type StockActor,
} from './ledger.service';
import { productsFor } from './stock-access.service';
import { ensureVan } from './stock-locations.service';
import {
  claimFieldSerial,
  fieldFlagRows,
  lockFieldSerial,
  orderFieldFlagRows,
  updateFieldSerial,
  type FieldSerialRow,
} from './field-serials.repository';
import {
  findLocationRows,
  findVanOf,
  insertSerials,
  lockSerials,
  type LocationRow,
  type SerialRow,
} from './stock.repository';

// Serials from the field (issue 20, decision 062): when a visit completes, each serial the
// engineer recorded on it leaves their van as installed against the order, once per visit and
// serial however often the record or its event arrives. One that was not in the van is taken
// all the same (the visit is never refused for it) and flagged for back office.

/** Statuses a serial may be fetched into a van from, to be installed when a flag is resolved. */
const fetchable: readonly SerialStatus[] = ['in_stock', 'allocated', 'returned'];

/** The serials on a visit's record: dish, router, then the other items, each once. */
export function recordedSerials(visit: {
  serials: Record<string, string>;
  otherSerials: { label: string; serial: string }[] | null;
}) {
  const named: { label: string; serial: string }[] = [
    { label: 'Dish', serial: visit.serials.dish ?? '' },
    { label: 'Router', serial: visit.serials.router ?? '' },
    ...(visit.otherSerials ?? []),
  ];
  const seen = new Set<string>();
  const out: { label: string; serial: string }[] = [];
  for (const item of named) {
    const serial = item.serial.trim();
    if (!serial || seen.has(serial)) continue;
    seen.add(serial);
    out.push({ label: item.label.trim() || 'Item', serial });
  }
  return out;
}

async function labelsFor(db: Database, ids: (string | null)[], known: LocationRow[]) {
  const rows = await findLocationRows(
    db,
    ids.filter((id): id is string => !!id && !known.some((l) => l.id === id)),
  );
  const byId = new Map([...known, ...rows].map((row) => [row.id, locationLabel(row)]));
  return (id: string) => byId.get(id) ?? 'elsewhere';
}

async function orderNumberOf(db: Database, orderId: string | null) {
  if (!orderId) return null;
  return (await findOrderNumbers(db, [orderId])).get(orderId) ?? null;
}

/** The engineer's van, made now if they somehow have none (made with the engineer otherwise). */
async function vanOfVisit(
  db: Database,
  visit: NonNullable<Awaited<ReturnType<typeof findVisitWithOrder>>>,
) {
  const existing = await findVanOf(db, visit.visit.engineerId);
  if (existing) return existing;
  await ensureVan(db, {
    id: visit.visit.engineerId,
    firstName: visit.engineerFirstName,
    lastName: visit.engineerLastName,
    contractorId: visit.visit.contractorId,
  });
  return (await findVanOf(db, visit.visit.engineerId))!;
}

const installEntry = (
  row: Pick<SerialRow, 'id' | 'productId'>,
  vanId: string,
  flag: Pick<FieldSerialRow, 'orderId' | 'visitId'>,
  reason: string,
): LedgerEntry => ({
  kind: 'install',
  productId: row.productId,
  quantity: 1,
  fromLocationId: vanId,
  toLocationId: null,
  serialId: row.id,
  serialAfter: { status: 'installed', locationId: null, orderId: flag.orderId },
  orderId: flag.orderId,
  visitId: flag.visitId,
  reason,
});

/**
 * Takes a completed visit's serials into stock, inside the caller's transaction (the event
 * delivery's). Answers what happened to each serial this call took (none on a replay).
 */
export async function takeVisitSerials(tx: Database, visitId: string) {
  const visit = await findVisitWithOrder(tx, visitId);
  if (!visit) return [];
  const serials = recordedSerials(visit.visit);
  if (serials.length === 0) return [];
  const van = await vanOfVisit(tx, visit);
  const engineerName = `${visit.engineerFirstName} ${visit.engineerLastName}`.trim();
  const actor: StockActor = {
    id: visit.visit.engineerId,
    name: engineerName || 'Engineer',
    contractorId: null,
    backOffice: true,
  };
  const outcomes: { serial: string; status: 'installed' | 'open' }[] = [];
  for (const item of serials) {
    const id = await claimFieldSerial(tx, {
      visitId,
      orderId: visit.visit.orderId,
      engineerId: visit.visit.engineerId,
      serial: item.serial,
      label: item.label,
    });
    if (!id) continue;
    const [row] = await lockSerials(tx, [item.serial]);
    if (!row) {
      await updateFieldSerial(tx, id, {
        status: 'open',
        problem: fieldFlagMessages.unknown(item.serial, locationLabel(van)),
      });
      outcomes.push({ serial: item.serial, status: 'open' });
      continue;
    }
    if (row.status === 'installed' && row.orderId === visit.visit.orderId) {
      // Installed on this order already (back office recorded it first): nothing moves.
      await updateFieldSerial(tx, id, { status: 'installed' });
      outcomes.push({ serial: item.serial, status: 'installed' });
      continue;
    }
    const label = await labelsFor(tx, [row.locationId], [van]);
    const problem = serialRefusal(
      'install',
      {
        serial: row.serial,
        status: row.status as SerialStatus,
        locationId: row.locationId,
        orderNumber: await orderNumberOf(tx, row.orderId),
      },
      van.id,
      label,
    );
    if (problem) {
      await updateFieldSerial(tx, id, { status: 'open', problem: problem.message });
      outcomes.push({ serial: item.serial, status: 'open' });
      continue;
    }
    const batchId = await recordMovements(tx, actor, [
      installEntry(row, van.id, { orderId: visit.visit.orderId, visitId }, 'Recorded on the visit'),
    ]);
    await updateFieldSerial(tx, id, { status: 'installed', batchId });
    outcomes.push({ serial: item.serial, status: 'installed' });
  }
  return outcomes;
}

function toFlag(row: FieldSerialRow, van: string | null, orderNumber: string | null): FieldFlag {
  return {
    id: row.id,
    serial: row.serial,
    label: row.label,
    problem: row.problem ?? '',
    status: row.status as FieldFlag['status'],
    orderId: row.orderId,
    orderNumber,
    visitId: row.visitId,
    engineer: van,
    flaggedAt: row.createdAt.toISOString(),
    resolution: (row.resolution as FieldFlagResolution | null) ?? null,
    resolutionNote: row.resolutionNote,
    resolvedBy: row.resolvedByName,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Back office's list of serials from the field that were not in the van (open by default). */
export async function listFieldFlags(db: Database, query: z.output<typeof fieldFlagsQuery>) {
  const rows = await fieldFlagRows(db, {
    status: query.status === 'all' ? undefined : query.status,
    orderId: query.orderId,
  });
  return { items: await toFlags(db, rows) };
}

/** The order's flags, open and resolved, for its detail page. */
export async function fieldFlagsOfOrder(db: Database, orderId: string) {
  return toFlags(db, await orderFieldFlagRows(db, orderId));
}

async function toFlags(db: Database, rows: Awaited<ReturnType<typeof fieldFlagRows>>) {
  const numbers = await findOrderNumbers(db, [...new Set(rows.map((r) => r.flag.orderId))]);
  return rows.map((r) => toFlag(r.flag, r.van, numbers.get(r.flag.orderId) ?? null));
}

/**
 * Puts the serial where the flag says it should have been, then installs it: an unknown serial
 * is received into the van (as the product named), one in stock elsewhere transferred to it.
 * Answers the install's batch.
 */
async function installFlagged(
  tx: Database,
  actor: StockActor,
  flag: FieldSerialRow,
  productId: string | undefined,
  note: string,
) {
  const visit = await findVisitWithOrder(tx, flag.visitId);
  if (!visit) throw notFound('Visit not found');
  const van = await vanOfVisit(tx, visit);
  let [row] = await lockSerials(tx, [flag.serial]);
  if (!row) {
    if (!productId) {
      const message = fieldFlagMessages.productNeeded(flag.serial);
      throw badRequest(message, { productId: [message] });
    }
    const product = (await productsFor(tx, [productId])).get(productId)!;
    if (!product.trackedBySerial) {
      const message = `SKU ${product.sku} is counted, not tracked by serial`;
      throw badRequest(message, { productId: [message] });
    }
    [row] = await insertSerials(tx, [
      { serial: flag.serial, productId, status: 'in_stock', locationId: van.id },
    ]);
    await recordMovements(tx, actor, [
      {
        kind: 'receive',
        productId,
        quantity: 1,
        fromLocationId: null,
        toLocationId: van.id,
        serialId: row!.id,
        orderId: flag.orderId,
        visitId: flag.visitId,
        reason: note,
      },
    ]);
  } else if (row.locationId !== van.id) {
    if (!row.locationId || !fetchable.includes(row.status as SerialStatus)) {
      const label = await labelsFor(tx, [row.locationId], [van]);
      const where = whereIs(
        {
          serial: row.serial,
          status: row.status as SerialStatus,
          locationId: row.locationId,
          orderNumber: await orderNumberOf(tx, row.orderId),
        },
        label,
      );
      throw stockRefusal(
        stockErrorCodes.serialNotThere,
        fieldFlagMessages.cannotInstall(flag.serial, where),
      );
    }
    await recordMovements(tx, actor, [
      {
        kind: 'transfer',
        productId: row.productId,
        quantity: 1,
        fromLocationId: row.locationId,
        toLocationId: van.id,
        serialId: row.id,
        serialAfter: {
          status: row.status as SerialStatus,
          locationId: van.id,
          orderId: row.orderId,
        },
        orderId: flag.orderId,
        visitId: flag.visitId,
        reason: note,
      },
    ]);
  } else if (!fetchable.includes(row.status as SerialStatus)) {
    throw stockRefusal(
      stockErrorCodes.serialNotThere,
      fieldFlagMessages.cannotInstall(
        flag.serial,
        `${row.status.replace('_', ' ')} at ${locationLabel(van)}`,
      ),
    );
  }
  return recordMovements(tx, actor, [installEntry(row!, van.id, flag, note)]);
}

/** Back office deals with a flag: installs the serial after all, or leaves the stock as it is. */
export function resolveFieldFlag(
  db: Database,
  actor: StockActor,
  id: string,
  body: z.output<typeof resolveFieldFlagBody>,
) {
  return inTransaction(db, async (tx) => {
    const flag = await lockFieldSerial(tx, id);
    if (!flag || flag.status === 'pending' || flag.status === 'installed')
      throw notFound('Flag not found');
    if (flag.status !== 'open')
      throw conflict(commonErrorCodes.conflict, fieldFlagMessages.alreadyResolved);
    const batchId =
      body.resolution === 'install'
        ? await installFlagged(tx, actor, flag, body.productId, body.note)
        : null;
    await updateFieldSerial(tx, id, {
      status: 'resolved',
      resolution: body.resolution,
      resolutionNote: body.note,
      resolvedByName: actor.name,
      resolvedAt: new Date(),
      ...(batchId ? { batchId } : {}),
    });
    const rows = await fieldFlagRows(tx, { orderId: flag.orderId });
    const mine = rows.find((r) => r.flag.id === id)!;
    return toFlag(mine.flag, mine.van, await orderNumberOf(tx, flag.orderId));
  });
}
