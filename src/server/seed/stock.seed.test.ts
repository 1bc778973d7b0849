import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { users } from '../modules/users/users.schema';
import {
  stockJobTypeKit,
  stockLevels,
  stockLocations,
  stockProducts,
  stockSerials,
} from '../modules/stock/stock.schema';
import { allLevelRows, ledgerSums } from '../modules/stock/stock.repository';
import { findDemoContractor } from './demo-contractor';
import { demoSeeders } from './seeders';
import { demoProducts } from './stock.seed';

// Issue 20: the demo has a catalogue, stock at a warehouse, the demo contractor's depot and a
// stocked van for each of its engineers, all of it from movements.
describe('stock demo seed', () => {
  let db: Database;

  beforeAll(async () => {
    await resetTestDatabase();
    db = (await getTestDatabase()).db;
    const now = new Date('2026-06-15T10:00:00Z');
    await db.transaction(async (tx) => {
      for (const seeder of demoSeeders) await seeder.run({ db: tx as unknown as Database, now });
    });
  });

  const levelsAt = async (locationId: string) => {
    const rows = await db
      .select({ sku: stockProducts.sku, quantity: stockLevels.quantity })
      .from(stockLevels)
      .innerJoin(stockProducts, eq(stockProducts.id, stockLevels.productId))
      .where(eq(stockLevels.locationId, locationId));
    return Object.fromEntries(rows.map((r) => [r.sku, r.quantity]));
  };

  it('has a catalogue and the demo job types’ kit', async () => {
    const products = await db.select().from(stockProducts);
    expect(products.map((p) => p.sku).sort()).toEqual(demoProducts.map((p) => p.sku).sort());
    expect((await db.select().from(stockJobTypeKit)).length).toBeGreaterThan(4);
  });

  it('stocks the warehouse, the demo contractor’s depot and each of its engineers’ vans', async () => {
    const contractor = (await findDemoContractor(db))!;
    const locations = await db.select().from(stockLocations);
    const warehouse = locations.find((l) => l.kind === 'warehouse')!;
    expect(warehouse.name).toBe('Exeter');
    const depot = locations.find((l) => l.kind === 'depot' && l.contractorId === contractor.id)!;
    expect(await levelsAt(depot.id)).toMatchObject({ 'DISH-60': 6, 'RTR-WIFI6': 6 });
    const engineers = (
      await db.select().from(users).where(eq(users.contractorId, contractor.id))
    ).filter((u) => u.role === 'engineer' || u.additionalRoles.includes('engineer'));
    expect(engineers.length).toBeGreaterThan(0);
    for (const engineer of engineers) {
      const van = locations.find((l) => l.kind === 'van' && l.engineerId === engineer.id);
      expect(van?.name, engineer.email).toBe(`${engineer.firstName} ${engineer.lastName}`);
      expect(await levelsAt(van!.id)).toMatchObject({ 'DISH-60': 2, 'CAB-CAT6-30': 4 });
    }
    const atDepot = await db
      .select()
      .from(stockSerials)
      .where(eq(stockSerials.locationId, depot.id));
    expect(atDepot).toHaveLength(12);
    const warehouseLevels = await levelsAt(warehouse.id);
    expect(warehouseLevels['DISH-60']).toBe(30 - 6 - 2 * engineers.length);
  });

  it('keeps the levels equal to the ledger', async () => {
    const sums = await ledgerSums(db);
    for (const level of await allLevelRows(db)) {
      expect(level.quantity).toBe(sums.get(`${level.productId}/${level.locationId}`) ?? 0);
    }
  });
});
