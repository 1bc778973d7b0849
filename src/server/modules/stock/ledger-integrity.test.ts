import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContractor } from '../../../../tests/factories/orders';
import {
  caller,
  makeProduct,
  makeWarehouse,
  receiveStock,
  uniqueSku,
  type Call,
} from '../../../../tests/factories/stock';
import { signInAs } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { allLevelRows, ledgerSums } from './stock.repository';
import { stockMovements } from './stock.schema';

// The ledger's guarantees, checked against the database itself: movements cannot be changed or
// removed, every level equals the ledger's sum, and two movements racing for the same serial or
// the last unit cannot both pass.

describe('the stock ledger', () => {
  let app: TestApp;
  let call: Call;
  let warehouse: { id: string };
  let vans: { id: string }[];

  beforeAll(async () => {
    app = await createTestApp();
    const { headers } = await signInAs(app, 'back_office');
    call = caller(app, () => headers);
    warehouse = await makeWarehouse(call, 'Plymouth');
    const contractor = await createContractor(app);
    for (const firstName of ['Ann', 'Ben']) {
      await signInAs(app, 'engineer', { contractorId: contractor.id, firstName });
    }
    const locations = (await call('GET', '/api/stock/locations')).json().items as {
      id: string;
      kind: string;
      contractorId: string;
    }[];
    vans = locations.filter((l) => l.kind === 'van' && l.contractorId === contractor.id);
    expect(vans).toHaveLength(2);
  });

  const db = () => app.deps.database.db;

  it('refuses UPDATE and DELETE of a movement in the database', async () => {
    const product = await makeProduct(call);
    await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 1 }]);
    /** The database's own words when it refuses (drizzle wraps them in `cause`). */
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await db().execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? error);
      }
    };
    expect(await refusal(sql`update stock_movements set quantity = 99`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from stock_movements`)).toMatch(/append-only: DELETE refused/);
    const changed = await db()
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.quantity, 99));
    expect(changed).toEqual([]);
  });

  it('lets one of two movements of the same serial through and tells the other', async () => {
    const dish = await makeProduct(call, { trackedBySerial: true });
    const serial = `${uniqueSku('RACE')}-1`;
    await receiveStock(call, warehouse.id, [{ productId: dish.id, serials: serial }]);
    const moveTo = (vanId: string) =>
      call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: vanId,
        lines: [{ productId: dish.id, serials: [serial] }],
      });
    const results = await Promise.all([moveTo(vans[0]!.id), moveTo(vans[1]!.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().code).toBe('SERIAL_NOT_THERE');
    expect(loser.json().message).toMatch(new RegExp(`^Serial ${serial} is not at Warehouse`));
    const history = (await call('GET', `/api/stock/serials/${serial}/history`)).json();
    expect(history.history).toHaveLength(2);
  });

  it('lets one of two movements of the last unit through and tells the other', async () => {
    const cable = await makeProduct(call, { category: 'cable', sku: uniqueSku('CAB') });
    await receiveStock(call, warehouse.id, [{ productId: cable.id, quantity: 1 }]);
    const take = () =>
      call('POST', '/api/stock/write-offs', {
        locationId: warehouse.id,
        reason: 'Damaged',
        lines: [{ productId: cable.id, quantity: 1 }],
      });
    const results = await Promise.all([take(), take()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      `Only 0 of SKU ${cable.sku} at Warehouse: Plymouth`,
    );
  });

  it('lets one of two receipts of the same new serial through and tells the other', async () => {
    const dish = await makeProduct(call, { trackedBySerial: true });
    const serial = `${uniqueSku('NEW')}-1`;
    const receipt = () =>
      call('POST', '/api/stock/receive', {
        locationId: warehouse.id,
        supplier: 'Satcom Supplies Ltd',
        deliveryNote: 'DN-2',
        lines: [{ productId: dish.id, serials: serial }],
      });
    const results = await Promise.all([receipt(), receipt()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      `Already known: ${serial}`,
    );
  });

  it('keeps every level equal to the sum of the ledger', async () => {
    const cable = await makeProduct(call, { category: 'cable' });
    const dish = await makeProduct(call, { trackedBySerial: true });
    const base = uniqueSku('SUM');
    await receiveStock(call, warehouse.id, [
      { productId: cable.id, quantity: 20 },
      { productId: dish.id, serials: `${base}-1\n${base}-2\n${base}-3` },
    ]);
    await call('POST', '/api/stock/transfers', {
      fromLocationId: warehouse.id,
      toLocationId: vans[0]!.id,
      lines: [
        { productId: cable.id, quantity: 8 },
        { productId: dish.id, serials: [`${base}-1`, `${base}-2`] },
      ],
    });
    await call('POST', '/api/stock/write-offs', {
      locationId: vans[0]!.id,
      reason: 'Lost',
      lines: [{ productId: dish.id, serials: [`${base}-2`] }],
    });
    await call('POST', '/api/stock/stock-takes', {
      locationId: warehouse.id,
      reason: 'Count',
      counts: [{ productId: cable.id, counted: 11 }],
    });
    const sums = await ledgerSums(db());
    const levels = await allLevelRows(db());
    expect(levels.length).toBeGreaterThan(0);
    for (const level of levels) {
      expect(level.quantity, `${level.productId} at ${level.locationId}`).toBe(
        sums.get(`${level.productId}/${level.locationId}`) ?? 0,
      );
    }
    for (const [key, total] of sums) {
      const level = levels.find((l) => `${l.productId}/${l.locationId}` === key);
      expect(level?.quantity ?? 0, key).toBe(total);
    }
  });
});
