import { stockMessages } from '@shared/stock/stock.contracts';
import { badRequest, forbidden } from '../../errors';
import type { Database } from '../../db/client';
import type { StockActor } from './ledger.service';
import {
  findLocationRows,
  findProductRows,
  type LocationRow,
  type ProductRow,
} from './stock.repository';

// Who may touch which location, and the products and locations a request names, loaded once.

/** The locations by id, each checked: it exists, and a contractor's is its company's own. */
export async function locationsFor(db: Database, actor: StockActor, ids: string[]) {
  const rows = await findLocationRows(db, [...new Set(ids)]);
  const byId = new Map<string, LocationRow>(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const location = byId.get(id);
    if (!location)
      throw badRequest(stockMessages.unknownLocation, {
        locationId: [stockMessages.unknownLocation],
      });
    if (!actor.backOffice && location.contractorId !== actor.contractorId) {
      throw forbidden(stockMessages.notYourLocation);
    }
  }
  return byId;
}

export async function productsFor(db: Database, ids: string[]) {
  const rows = await findProductRows(db, [...new Set(ids)]);
  const byId = new Map<string, ProductRow>(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    if (!byId.has(id))
      throw badRequest(stockMessages.unknownProduct, { productId: [stockMessages.unknownProduct] });
  }
  return byId;
}
