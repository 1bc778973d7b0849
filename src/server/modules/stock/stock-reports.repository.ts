import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stockLevels, stockProducts } from './stock.schema';

// Stock value: each location's levels times their products' unit costs, summed in the database.

export function valueRows(db: Database) {
  return db
    .select({
      locationId: stockLevels.locationId,
      units: sql<number>`coalesce(sum(${stockLevels.quantity}), 0)::int`,
      valuePence: sql<number>`coalesce(sum(${stockLevels.quantity}::bigint * ${stockProducts.unitCostPence}), 0)::bigint`,
    })
    .from(stockLevels)
    .innerJoin(stockProducts, eq(stockProducts.id, stockLevels.productId))
    .groupBy(stockLevels.locationId);
}
