import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createJobType } from '../../../../tests/factories/orders';
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

// What the /admin/inventory page asks of stock beyond the ledger: a serial's history with its
// order numbers and swaps, a product's alert levels, and a taken SKU named on its field.

describe('stock API for the inventory page', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let call: Call;
  let warehouse: { id: string; label: string };

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office', { firstName: 'Bea', lastName: 'Office' }))
      .headers;
    call = caller(app, () => backOffice);
    warehouse = await makeWarehouse(call, 'Taunton');
  });

  it('tells a serial’s history with the order number of each step and which steps were a swap', async () => {
    const jobType = await createJobType(app);
    const dish = await makeProduct(call, { trackedBySerial: true, sku: uniqueSku('DISH') });
    const base = uniqueSku('SN');
    await receiveStock(call, warehouse.id, [
      { productId: dish.id, serials: `${base}-A\n${base}-B` },
    ]);
    const order = await buildOrder(app, { jobTypeId: jobType.id });
    const installed = await call('POST', '/api/stock/installs', {
      orderId: order.id,
      locationId: warehouse.id,
      lines: [{ productId: dish.id, serials: [`${base}-A`] }],
    });
    expect(installed.statusCode, installed.body).toBe(201);
    const swapped = await call('POST', '/api/stock/swaps', {
      orderId: order.id,
      locationId: warehouse.id,
      faultySerial: `${base}-A`,
      replacementSerial: `${base}-B`,
      reason: 'No signal lock',
    });
    expect(swapped.statusCode, swapped.body).toBe(201);

    const faulty = (await call('GET', `/api/stock/serials/${base}-A/history`)).json();
    expect(faulty.serial).toMatchObject({ status: 'faulty', orderNumber: order.orderNumber });
    expect(
      faulty.history.map((m: { kind: string; orderNumber: string | null; swap: boolean }) => [
        m.kind,
        m.orderNumber,
        m.swap,
      ]),
    ).toEqual([
      ['receive', null, false],
      ['install', order.orderNumber, false],
      ['mark_faulty', order.orderNumber, true],
    ]);
    const replacement = (await call('GET', `/api/stock/serials/${base}-B/history`)).json();
    expect(replacement.serial).toMatchObject({
      status: 'installed',
      orderNumber: order.orderNumber,
    });
    expect(
      replacement.history.map((m: { kind: string; swap: boolean }) => [m.kind, m.swap]),
    ).toEqual([
      ['receive', false],
      ['install', true],
    ]);
  });

  it('lists a product’s alert levels by location, for back office only', async () => {
    const cable = await makeProduct(call, { category: 'cable' });
    const other = await makeWarehouse(call, 'Bristol');
    const url = `/api/stock/low-levels?productId=${cable.id}`;
    expect((await call('GET', url)).json()).toEqual({ items: [] });
    for (const [locationId, level] of [
      [warehouse.id, 5],
      [other.id, 2],
    ] as const) {
      const set = await call('PUT', '/api/stock/low-levels', {
        productId: cable.id,
        locationId,
        level,
      });
      expect(set.statusCode, set.body).toBe(204);
    }
    const levels = (await call('GET', url)).json().items;
    expect(levels).toHaveLength(2);
    expect(levels).toEqual(
      expect.arrayContaining([
        { locationId: warehouse.id, level: 5 },
        { locationId: other.id, level: 2 },
      ]),
    );
    await call('PUT', '/api/stock/low-levels', {
      productId: cable.id,
      locationId: other.id,
      level: 0,
    });
    expect((await call('GET', url)).json().items).toEqual([{ locationId: warehouse.id, level: 5 }]);

    expect((await call('GET', '/api/stock/low-levels?productId=nope')).statusCode).toBe(400);
    const unknown = await call(
      'GET',
      '/api/stock/low-levels?productId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown product');
    const contractor = (await signInAs(app, 'contractor')).headers;
    expect((await call('GET', url, undefined, contractor)).statusCode).toBe(403);
  });

  it('names the SKU field when another product already uses the SKU', async () => {
    const first = await makeProduct(call);
    const again = await call('POST', '/api/stock/products', {
      sku: first.sku.toLowerCase(),
      name: 'Another dish',
      category: 'dish',
      trackedBySerial: false,
      unitCostPence: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CODE_TAKEN',
      message: 'Another product already uses that SKU',
      details: { sku: ['Another product already uses that SKU'] },
    });
  });
});
