import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor, createJobType } from '../../../../tests/factories/orders';
import {
  caller,
  makeProduct,
  makeWarehouse,
  receiveStock,
  uniqueSku,
  type Call,
} from '../../../../tests/factories/stock';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

type Location = { id: string; kind: string; label: string };

const csvLines = (body: string) => body.trimEnd().split('\r\n');

describe('stock management reports and exports', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let call: Call;
  let warehouse: { id: string; label: string };

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    call = caller(app, () => backOffice);
    warehouse = await makeWarehouse(call, `Plymouth ${uniqueSku('W')}`);
  });

  async function company() {
    const contractor = await createContractor(app, { name: `Tamar ${uniqueSku('C')}` });
    const { headers } = await signInAs(app, 'contractor', { contractorId: contractor.id });
    await signInAs(app, 'engineer', {
      contractorId: contractor.id,
      firstName: 'Sam',
      lastName: 'Penrose',
    });
    const items = (await call('GET', '/api/stock/locations', undefined, headers)).json()
      .items as Location[];
    return {
      headers,
      depot: items.find((l) => l.kind === 'depot')!,
      van: items.find((l) => l.kind === 'van')!,
    };
  }

  describe('levels filters', () => {
    it('filters by category and by below the low-stock level', async () => {
      const place = await makeWarehouse(call, `Truro ${uniqueSku('W')}`);
      const dish = await makeProduct(call, { category: 'dish' });
      const cable = await makeProduct(call, { category: 'cable' });
      await receiveStock(call, place.id, [
        { productId: dish.id, quantity: 2 },
        { productId: cable.id, quantity: 40 },
      ]);
      await call('PUT', '/api/stock/low-levels', {
        productId: dish.id,
        locationId: place.id,
        level: 5,
      });
      const cables = await call('GET', `/api/stock/levels?locationId=${place.id}&category=cable`);
      expect(cables.json().items).toEqual([
        expect.objectContaining({ productId: cable.id, category: 'cable', quantity: 40 }),
      ]);
      const low = await call('GET', `/api/stock/levels?locationId=${place.id}&low=true`);
      expect(low.json().items).toEqual([
        expect.objectContaining({ productId: dish.id, low: true, lowLevel: 5 }),
      ]);
      const bad = await call('GET', '/api/stock/levels?category=satellite');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('stock value', () => {
    it('sums level × unit cost by location, with the totals', async () => {
      const place = await makeWarehouse(call, `Bodmin ${uniqueSku('W')}`);
      const a = await makeProduct(call, { unitCostPence: 12_550 });
      const b = await makeProduct(call, { unitCostPence: 199 });
      await receiveStock(call, place.id, [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 10 },
      ]);
      const res = await call('GET', '/api/stock/value');
      expect(res.statusCode, res.body).toBe(200);
      const row = res
        .json()
        .items.find((item: { locationId: string }) => item.locationId === place.id);
      expect(row).toMatchObject({
        units: 13,
        valuePence: 3 * 12_550 + 10 * 199,
        kind: 'warehouse',
      });
      const sum = res
        .json()
        .items.reduce((total: number, item: { valuePence: number }) => total + item.valuePence, 0);
      expect(res.json().totalPence).toBe(sum);

      const csv = await call('GET', '/api/stock/value.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="stock-value-/);
      const lines = csvLines(csv.body);
      expect(lines[0]).toBe('Location,Kind,Units,Value (GBP)');
      expect(lines).toContain(`${place.label},warehouse,13,396.40`);
      expect(lines.at(-1)).toMatch(/^All locations,,\d+,\d+\.\d{2}$/);
    });

    it('is back office’s only: a contractor never sees what stock is worth', async () => {
      const { headers } = await company();
      expect((await call('GET', '/api/stock/value', undefined, headers)).statusCode).toBe(403);
      expect((await call('GET', '/api/stock/value.csv', undefined, headers)).statusCode).toBe(403);
      const engineer = (await signInAs(app, 'engineer')).headers;
      expect((await call('GET', '/api/stock/levels.csv', undefined, engineer)).statusCode).toBe(
        403,
      );
      expect((await app.inject({ method: 'GET', url: '/api/stock/value.csv' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('levels and movements CSV', () => {
    it('exports the filtered levels with costs to 2 decimals for back office', async () => {
      const place = await makeWarehouse(call, `Looe ${uniqueSku('W')}`);
      const product = await makeProduct(call, { name: 'Dish, "60cm"', unitCostPence: 12_500 });
      await receiveStock(call, place.id, [{ productId: product.id, quantity: 4 }]);
      const res = await call('GET', `/api/stock/levels.csv?locationId=${place.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(csvLines(res.body)).toEqual([
        'SKU,Name,Category,Location,Quantity,Low-stock level,Low,Unit cost (GBP),Value (GBP)',
        `${product.sku},"Dish, ""60cm""",dish,${place.label},4,,No,125.00,500.00`,
      ]);
      const bad = await call('GET', '/api/stock/levels.csv?locationId=nope');
      expect(bad.statusCode).toBe(400);
    });

    it('exports the movements of a period, kind and location', async () => {
      const place = await makeWarehouse(call, `Fowey ${uniqueSku('W')}`);
      const product = await makeProduct(call);
      await receiveStock(call, place.id, [{ productId: product.id, quantity: 2 }]);
      const today = new Date().toISOString().slice(0, 10);
      const res = await call(
        'GET',
        `/api/stock/movements.csv?locationId=${place.id}&kind=receive&from=${today}&to=${today}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const lines = csvLines(res.body);
      expect(lines[0]).toBe(
        'Date,Movement,SKU,Serial,Quantity,From,To,Order,Reason,Supplier,Delivery note,By',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(
        `,Received,${product.sku},,2,,${place.label},,,Satcom Supplies Ltd,DN-1001,`,
      );
      const none = await call(
        'GET',
        `/api/stock/movements.csv?locationId=${place.id}&from=2000-01-01&to=2000-01-02`,
      );
      expect(csvLines(none.body)).toHaveLength(1);
      const bad = await call('GET', '/api/stock/movements.csv?from=2026-02-30');
      expect(bad.statusCode).toBe(400);
    });

    it('gives a contractor its own levels without cost, and refuses another company’s', async () => {
      const own = await company();
      const other = await company();
      const product = await makeProduct(call);
      await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 5 }]);
      for (const to of [own.depot.id, other.depot.id]) {
        const moved = await call('POST', '/api/stock/transfers', {
          fromLocationId: warehouse.id,
          toLocationId: to,
          lines: [{ productId: product.id, quantity: 2 }],
        });
        expect(moved.statusCode, moved.body).toBe(201);
      }
      const res = await call('GET', '/api/stock/levels.csv', undefined, own.headers);
      expect(res.statusCode, res.body).toBe(200);
      const lines = csvLines(res.body);
      expect(lines[0]).toBe('SKU,Name,Category,Location,Quantity,Low-stock level,Low');
      expect(res.body).not.toContain('GBP');
      expect(res.body).toContain(own.depot.label);
      expect(res.body).not.toContain(other.depot.label);
      expect(res.body).not.toContain(warehouse.label);

      const theirs = await call(
        'GET',
        `/api/stock/levels.csv?locationId=${other.depot.id}`,
        undefined,
        own.headers,
      );
      expect(csvLines(theirs.body)).toHaveLength(1);
      const theirMoves = await call(
        'GET',
        `/api/stock/movements.csv?locationId=${other.depot.id}`,
        undefined,
        own.headers,
      );
      expect(theirMoves.statusCode).toBe(403);
      const ownMoves = await call('GET', '/api/stock/movements.csv', undefined, own.headers);
      expect(ownMoves.statusCode).toBe(200);
      expect(ownMoves.body).toContain(own.depot.label);
      expect(ownMoves.body).not.toContain(other.depot.label);
    });
  });

  describe('an order’s kit', () => {
    it('finds the kit of an order by its number, for back office only', async () => {
      const jobType = await createJobType(app);
      const dish = await makeProduct(call, { trackedBySerial: true });
      await call('PUT', `/api/stock/job-types/${jobType.id}/kit`, {
        items: [{ productId: dish.id, quantity: 1 }],
      });
      const order = await buildOrder(app, { jobTypeId: jobType.id });
      const res = await call(
        'GET',
        `/api/stock/order-kit?orderNumber=${order.orderNumber.toLowerCase()}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        orderId: order.id,
        orderNumber: order.orderNumber,
        items: [
          expect.objectContaining({ productId: dish.id, quantity: 1, trackedBySerial: true }),
        ],
      });
      const missing = await call('GET', '/api/stock/order-kit?orderNumber=U-NOPE');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('No order U-NOPE');
      expect((await call('GET', '/api/stock/order-kit')).statusCode).toBe(400);
      const { headers } = await company();
      const refused = await call(
        'GET',
        `/api/stock/order-kit?orderNumber=${order.orderNumber}`,
        undefined,
        headers,
      );
      expect(refused.statusCode).toBe(403);
    });
  });
});
