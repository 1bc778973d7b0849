import {
  allLocationsLabel,
  stockCsvHeaders,
  stockReportMessages,
  type levelsExportQuery,
  type movementsExportQuery,
} from '@shared/stock/stock-reports.contracts';
import { movementKindLabels, type LocationKind } from '@shared/stock/stock.contracts';
import type { z } from 'zod';
import { notFound } from '../../errors';
import type { Database } from '../../db/client';
import type { CursorCodec } from '../../db/keyset';
import {
  findOrderIdByNumber,
  findOrderNumbers,
  findOrderReference,
} from '../orders/order-lookup.service';
import { locationLabel, type StockActor } from './ledger.service';
import { valueRows } from './stock-reports.repository';
import { kitRows, listLocationRows, listProductRows } from './stock.repository';
import { listLevels, listMovements } from './stock.service';

// Stock management's reports: stock value by location, the CSV exports, an order's kit.

/** The most rows one export carries. */
export const stockCsvLimit = 50_000;
/** Rows fetched per page while an export walks a list. */
const pageSize = 200;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const toCsv = (lines: readonly (readonly (string | number | null | undefined)[])[]) =>
  `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
export const pounds = (pence: number) => (pence / 100).toFixed(2);

/** Back office: every location's units and value (level × unit cost), then the totals. */
export async function stockValue(db: Database) {
  const sums = new Map((await valueRows(db)).map((row) => [row.locationId, row]));
  const items = (await listLocationRows(db)).map((location) => {
    const sum = sums.get(location.id);
    return {
      locationId: location.id,
      location: locationLabel(location),
      kind: location.kind as LocationKind,
      units: sum?.units ?? 0,
      valuePence: Number(sum?.valuePence ?? 0),
    };
  });
  return {
    items,
    totalUnits: items.reduce((total, item) => total + item.units, 0),
    totalPence: items.reduce((total, item) => total + item.valuePence, 0),
  };
}

export async function stockValueCsv(db: Database) {
  const value = await stockValue(db);
  return toCsv([
    stockCsvHeaders.value,
    ...value.items.map((item) => [item.location, item.kind, item.units, pounds(item.valuePence)]),
    [allLocationsLabel, '', value.totalUnits, pounds(value.totalPence)],
  ]);
}

/** Walks a keyset list page by page, up to the export's limit. */
async function allPages<Item>(
  load: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>,
) {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && items.length < stockCsvLimit);
  return items.slice(0, stockCsvLimit);
}

/** The levels as the page filters them; cost and value for back office only. */
export async function levelsCsv(
  db: Database,
  codec: CursorCodec,
  actor: StockActor,
  query: z.output<typeof levelsExportQuery>,
) {
  const rows = await allPages((cursor) =>
    listLevels(db, codec, actor, { ...query, cursor, limit: pageSize }),
  );
  const costs = actor.backOffice ? await unitCosts(db) : null;
  return toCsv([
    [...stockCsvHeaders.levels, ...(costs ? stockCsvHeaders.levelsCost : [])],
    ...rows.map((row) => {
      const line = [
        row.sku,
        row.productName,
        row.category,
        row.location,
        row.quantity,
        row.lowLevel,
        row.low ? 'Yes' : 'No',
      ];
      if (!costs) return line;
      const cost = costs.get(row.productId) ?? 0;
      return [...line, pounds(cost), pounds(cost * row.quantity)];
    }),
  ]);
}

async function unitCosts(db: Database) {
  return new Map((await listProductRows(db)).map((row) => [row.id, row.unitCostPence]));
}

/** The ledger as the page filters it, newest first, with order numbers. */
export async function movementsCsv(
  db: Database,
  codec: CursorCodec,
  actor: StockActor,
  query: z.output<typeof movementsExportQuery>,
) {
  const rows = await allPages((cursor) =>
    listMovements(db, codec, actor, { ...query, cursor, limit: pageSize }),
  );
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  const numbers = await findOrderNumbers(db, orderIds);
  return toCsv([
    stockCsvHeaders.movements,
    ...rows.map((row) => [
      row.at,
      movementKindLabels[row.kind],
      row.sku,
      row.serial,
      row.quantity,
      row.from,
      row.to,
      row.orderId ? (numbers.get(row.orderId) ?? '') : '',
      row.reason,
      row.supplier,
      row.deliveryNote,
      row.by,
    ]),
  ]);
}

/** What an allocation of the order needs: its job type's kit. */
export async function orderKit(db: Database, orderNumber: string) {
  const id = await findOrderIdByNumber(db, orderNumber);
  const order = id ? await findOrderReference(db, id) : null;
  if (!order) throw notFound(stockReportMessages.orderNotFound(orderNumber));
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    items: await kitRows(db, order.jobTypeId),
  };
}
