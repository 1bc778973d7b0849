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

type Location = { id: string; kind: string; label: string; contractorId: string | null };

describe('stock API', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let call: Call;
  let warehouse: { id: string; label: string };

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office', { firstName: 'Bea', lastName: 'Office' }))
      .headers;
    call = caller(app, () => backOffice);
    warehouse = await makeWarehouse(call, 'Exeter');
  });

  /** A contractor company with a contractor account and one engineer, and their locations. */
  async function company(engineerName: [string, string] = ['Sam', 'Penrose']) {
    const contractor = await createContractor(app, { name: `Kernow ${uniqueSku('C')}` });
    const { headers } = await signInAs(app, 'contractor', { contractorId: contractor.id });
    const engineer = await signInAs(app, 'engineer', {
      contractorId: contractor.id,
      firstName: engineerName[0],
      lastName: engineerName[1],
    });
    const list = (await call('GET', '/api/stock/locations', undefined, headers)).json();
    const items = list.items as Location[];
    return {
      contractor,
      headers,
      engineer: engineer.user,
      depot: items.find((l) => l.kind === 'depot')!,
      van: items.find((l) => l.kind === 'van')!,
      items,
    };
  }

  const levelOf = async (productId: string, locationId: string) => {
    const res = await call(
      'GET',
      `/api/stock/levels?productId=${productId}&locationId=${locationId}`,
    );
    return (res.json().items[0]?.quantity as number | undefined) ?? 0;
  };

  describe('catalogue', () => {
    it('creates, lists, edits and deletes a product; the SKU is unique', async () => {
      const product = await makeProduct(call, { sku: uniqueSku('dish') });
      expect(product.sku).toMatch(/^DISH-/);
      const again = await call('POST', '/api/stock/products', {
        sku: product.sku.toLowerCase(),
        name: 'Other',
        category: 'dish',
        trackedBySerial: false,
        unitCostPence: 1,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Another product already uses that SKU');
      const edited = await call('PATCH', `/api/stock/products/${product.id}`, {
        name: 'Flat panel 60',
        active: false,
      });
      expect(edited.json()).toMatchObject({ name: 'Flat panel 60', active: false });
      const list = await call('GET', '/api/stock/products');
      expect(list.json().items.map((p: { id: string }) => p.id)).toContain(product.id);
      const one = await call('GET', `/api/stock/products/${product.id}`);
      expect(one.json()).toMatchObject({ id: product.id, unitCostPence: 12_500 });
      expect((await call('DELETE', `/api/stock/products/${product.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/stock/products/${product.id}`)).statusCode).toBe(404);
    });

    it('refuses to delete a product with movements', async () => {
      const product = await makeProduct(call);
      await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 1 }]);
      const res = await call('DELETE', `/api/stock/products/${product.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/make it inactive/);
    });

    it('refuses a bad category or cost', async () => {
      for (const patch of [{ category: 'satellite' }, { unitCostPence: -1 }, { sku: '!' }]) {
        const res = await call('POST', '/api/stock/products', {
          sku: uniqueSku('X'),
          name: 'x',
          category: 'dish',
          trackedBySerial: false,
          unitCostPence: 1,
          ...patch,
        });
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      }
    });

    it('keeps each job type’s kit', async () => {
      const jobType = await createJobType(app);
      const dish = await makeProduct(call, { trackedBySerial: true });
      const cable = await makeProduct(call, { category: 'cable' });
      const put = await call('PUT', `/api/stock/job-types/${jobType.id}/kit`, {
        items: [
          { productId: dish.id, quantity: 1 },
          { productId: cable.id, quantity: 2 },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      const kit = await call('GET', `/api/stock/job-types/${jobType.id}/kit`);
      expect(kit.json().items).toHaveLength(2);
      const repeated = await call('PUT', `/api/stock/job-types/${jobType.id}/kit`, {
        items: [
          { productId: dish.id, quantity: 1 },
          { productId: dish.id, quantity: 1 },
        ],
      });
      expect(repeated.statusCode).toBe(400);
    });
  });

  describe('locations and roles', () => {
    it('gives each contractor company a depot and each engineer a van', async () => {
      const { depot, van, contractor, items } = await company(['Sam', 'Penrose']);
      expect(depot).toMatchObject({ label: `Depot: ${contractor.name}` });
      expect(van).toMatchObject({ label: 'Van: Sam Penrose', contractorId: contractor.id });
      expect(items).toHaveLength(2);
      const all = (await call('GET', '/api/stock/locations')).json().items as Location[];
      expect(all.map((l) => l.id)).toEqual(
        expect.arrayContaining([warehouse.id, depot.id, van.id]),
      );
      // Made once: listing again adds nothing.
      const again = (await call('GET', '/api/stock/locations')).json().items as Location[];
      expect(again).toHaveLength(all.length);
    });

    it('never shows a contractor the unit cost, nor lets it change the catalogue', async () => {
      const product = await makeProduct(call);
      const { headers } = await company();
      const list = await call('GET', '/api/stock/products', undefined, headers);
      expect(list.statusCode).toBe(200);
      const seen = list.json().items.find((p: { id: string }) => p.id === product.id);
      expect(seen).toBeDefined();
      expect(seen).not.toHaveProperty('unitCostPence');
      expect(list.body).not.toContain('unitCost');
      const one = await call('GET', `/api/stock/products/${product.id}`, undefined, headers);
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain('unitCost');
      const create = await call(
        'POST',
        '/api/stock/products',
        {
          sku: uniqueSku('Q'),
          name: 'q',
          category: 'other',
          trackedBySerial: false,
          unitCostPence: 1,
        },
        headers,
      );
      expect(create.statusCode).toBe(403);
    });

    it('refuses engineers, customers and signed-out callers', async () => {
      const engineer = (await signInAs(app, 'engineer')).headers;
      for (const url of ['/api/stock/products', '/api/stock/levels', '/api/stock/locations']) {
        expect((await call('GET', url, undefined, engineer)).statusCode).toBe(403);
      }
      expect((await app.inject({ method: 'GET', url: '/api/stock/levels' })).statusCode).toBe(401);
    });

    it('lets a contractor transfer between its own depot and vans only', async () => {
      const product = await makeProduct(call);
      const own = await company();
      const other = await company(['Jo', 'Tregear']);
      await call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: own.depot.id,
        lines: [{ productId: product.id, quantity: 0 }],
      });
      await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 10 }]);
      const toDepot = await call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: own.depot.id,
        lines: [{ productId: product.id, quantity: 6 }],
      });
      expect(toDepot.statusCode, toDepot.body).toBe(201);
      const toVan = await call(
        'POST',
        '/api/stock/transfers',
        {
          fromLocationId: own.depot.id,
          toLocationId: own.van.id,
          lines: [{ productId: product.id, quantity: 2 }],
        },
        own.headers,
      );
      expect(toVan.statusCode, toVan.body).toBe(201);
      expect(await levelOf(product.id, own.van.id)).toBe(2);
      const toOther = await call(
        'POST',
        '/api/stock/transfers',
        {
          fromLocationId: own.depot.id,
          toLocationId: other.depot.id,
          lines: [{ productId: product.id, quantity: 1 }],
        },
        own.headers,
      );
      expect(toOther.statusCode).toBe(403);
      const fromWarehouse = await call(
        'POST',
        '/api/stock/transfers',
        {
          fromLocationId: warehouse.id,
          toLocationId: own.depot.id,
          lines: [{ productId: product.id, quantity: 1 }],
        },
        own.headers,
      );
      expect(fromWarehouse.statusCode).toBe(403);
      // Its levels and movements are its own locations' only.
      const levels = (await call('GET', '/api/stock/levels', undefined, own.headers)).json();
      expect(
        levels.items.every((l: { locationId: string }) =>
          [own.depot.id, own.van.id].includes(l.locationId),
        ),
      ).toBe(true);
      const movements = (await call('GET', '/api/stock/movements', undefined, own.headers)).json();
      expect(movements.items.length).toBeGreaterThan(0);
      const otherMovements = await call(
        'GET',
        `/api/stock/movements?locationId=${other.depot.id}`,
        undefined,
        own.headers,
      );
      expect(otherMovements.statusCode).toBe(403);
      for (const url of ['/api/stock/receive', '/api/stock/write-offs', '/api/stock/stock-takes']) {
        expect((await call('POST', url, {}, own.headers)).statusCode, url).toBe(403);
      }
    });
  });

  describe('movements', () => {
    it('receives counted stock and refuses taking a level below zero, by name', async () => {
      const product = await makeProduct(call, { sku: uniqueSku('DISH') });
      const { van } = await company(['Sam', 'Penrose']);
      await receiveStock(call, warehouse.id, [{ productId: product.id, quantity: 5 }]);
      await call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: van.id,
        lines: [{ productId: product.id, quantity: 3 }],
      });
      const res = await call('POST', '/api/stock/write-offs', {
        locationId: van.id,
        reason: 'Lost',
        lines: [{ productId: product.id, quantity: 4 }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'NOT_ENOUGH_STOCK',
        message: `Only 3 of SKU ${product.sku} at Van: Sam Penrose`,
      });
      expect(await levelOf(product.id, van.id)).toBe(3);
      const ok = await call('POST', '/api/stock/write-offs', {
        locationId: van.id,
        reason: 'Lost',
        lines: [{ productId: product.id, quantity: 3 }],
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().movements[0]).toMatchObject({
        kind: 'write_off',
        from: 'Van: Sam Penrose',
        to: null,
        reason: 'Lost',
        by: 'Bea Office',
      });
      expect(await levelOf(product.id, van.id)).toBe(0);
    });

    it('receives serials from a pasted list or CSV; repeats and known serials refused by name first', async () => {
      const router = await makeProduct(call, { category: 'router', trackedBySerial: true });
      const base = uniqueSku('SN');
      const received = await receiveStock(call, warehouse.id, [
        { productId: router.id, serials: `${base}-1\n${base}-2, ${base}-3\r\n\n"${base}-4"` },
      ]);
      expect(received.movements).toHaveLength(4);
      expect(received.movements[0]).toMatchObject({
        kind: 'receive',
        supplier: 'Satcom Supplies Ltd',
        deliveryNote: 'DN-1001',
        to: 'Warehouse: Exeter',
      });
      expect(await levelOf(router.id, warehouse.id)).toBe(4);
      const repeated = await call('POST', '/api/stock/receive', {
        locationId: warehouse.id,
        supplier: 's',
        deliveryNote: 'd',
        lines: [{ productId: router.id, serials: `${base}-9\n${base}-8\n${base}-9` }],
      });
      expect(repeated.statusCode).toBe(409);
      expect(repeated.json().message).toBe(
        `Listed more than once: ${base}-9. Each serial once, please`,
      );
      const known = await call('POST', '/api/stock/receive', {
        locationId: warehouse.id,
        supplier: 's',
        deliveryNote: 'd',
        lines: [{ productId: router.id, serials: `${base}-7\n${base}-2` }],
      });
      expect(known.statusCode).toBe(409);
      expect(known.json().message).toBe(`Already known: ${base}-2`);
      // Nothing of the refused lists was saved.
      const search = await call('GET', `/api/stock/serials?q=${base}-7`);
      expect(search.json().items).toEqual([]);
      expect(await levelOf(router.id, warehouse.id)).toBe(4);
      const noSerials = await call('POST', '/api/stock/receive', {
        locationId: warehouse.id,
        supplier: 's',
        deliveryNote: 'd',
        lines: [{ productId: router.id, quantity: 2 }],
      });
      expect(noSerials.statusCode).toBe(400);
    });

    it('allocates an order’s kit, installs it, swaps a faulty serial, and tells the whole history', async () => {
      const jobType = await createJobType(app);
      const dish = await makeProduct(call, { trackedBySerial: true, sku: uniqueSku('DISH') });
      const cable = await makeProduct(call, { category: 'cable' });
      await call('PUT', `/api/stock/job-types/${jobType.id}/kit`, {
        items: [
          { productId: dish.id, quantity: 1 },
          { productId: cable.id, quantity: 2 },
        ],
      });
      const { van } = await company(['Sam', 'Penrose']);
      const base = uniqueSku('SN');
      await receiveStock(call, warehouse.id, [
        { productId: dish.id, serials: `${base}-A\n${base}-B` },
        { productId: cable.id, quantity: 10 },
      ]);
      const moved = await call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: van.id,
        lines: [
          { productId: dish.id, serials: [`${base}-A`, `${base}-B`] },
          { productId: cable.id, quantity: 4 },
        ],
      });
      expect(moved.statusCode, moved.body).toBe(201);
      expect(moved.json().movements).toHaveLength(3);
      const order = await buildOrder(app, { jobTypeId: jobType.id });
      const short = await call('POST', '/api/stock/allocations', {
        orderId: order.id,
        locationId: van.id,
        serials: [],
      });
      expect(short.statusCode).toBe(400);
      const allocated = await call('POST', '/api/stock/allocations', {
        orderId: order.id,
        locationId: van.id,
        serials: [`${base}-A`],
      });
      expect(allocated.statusCode, allocated.body).toBe(201);
      expect(allocated.json().movements.map((m: { kind: string }) => m.kind)).toEqual([
        'allocate',
        'allocate',
      ]);
      const installed = await call('POST', '/api/stock/installs', {
        orderId: order.id,
        locationId: van.id,
        lines: [
          { productId: dish.id, serials: [`${base}-A`] },
          { productId: cable.id, quantity: 2 },
        ],
      });
      expect(installed.statusCode, installed.body).toBe(201);
      expect(await levelOf(dish.id, van.id)).toBe(1);
      expect(await levelOf(cable.id, van.id)).toBe(2);
      const twice = await call('POST', '/api/stock/installs', {
        orderId: order.id,
        locationId: van.id,
        lines: [{ productId: dish.id, serials: [`${base}-A`] }],
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'SERIAL_ALREADY_INSTALLED',
        message: `Serial ${base}-A is already installed (order ${order.orderNumber})`,
      });
      const swapped = await call('POST', '/api/stock/swaps', {
        orderId: order.id,
        locationId: van.id,
        faultySerial: `${base}-A`,
        replacementSerial: `${base}-B`,
        reason: 'No signal lock',
      });
      expect(swapped.statusCode, swapped.body).toBe(201);
      const after = (await call('GET', `/api/stock/serials?q=${base}`)).json().items;
      expect(after).toEqual([
        expect.objectContaining({
          serial: `${base}-A`,
          status: 'faulty',
          location: 'Van: Sam Penrose',
        }),
        expect.objectContaining({ serial: `${base}-B`, status: 'installed', location: null }),
      ]);
      expect(await levelOf(dish.id, van.id)).toBe(1);
      const returned = await call('POST', '/api/stock/returns', {
        fromLocationId: van.id,
        toLocationId: warehouse.id,
        reason: 'Faulty back to supplier',
        lines: [{ productId: dish.id, serials: [`${base}-A`] }],
      });
      expect(returned.statusCode, returned.body).toBe(201);
      const history = await call('GET', `/api/stock/serials/${base}-A/history`);
      expect(history.statusCode).toBe(200);
      expect(history.json().serial).toMatchObject({
        status: 'returned',
        location: 'Warehouse: Exeter',
      });
      expect(
        history.json().history.map((m: { kind: string; by: string }) => [m.kind, m.by]),
      ).toEqual([
        ['receive', 'Bea Office'],
        ['transfer', 'Bea Office'],
        ['allocate', 'Bea Office'],
        ['install', 'Bea Office'],
        ['mark_faulty', 'Bea Office'],
        ['return', 'Bea Office'],
      ]);
      // A step says nothing the serial says once above its steps (product, SKU, serial text).
      expect(history.json().history[0]).toEqual({
        id: expect.any(String),
        kind: 'receive',
        from: null,
        to: 'Warehouse: Exeter',
        fromLocationId: null,
        toLocationId: warehouse.id,
        orderId: null,
        orderNumber: null,
        visitId: null,
        supplier: expect.any(String),
        deliveryNote: expect.any(String),
        reason: null,
        swap: false,
        by: 'Bea Office',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect((await call('GET', '/api/stock/serials/NOPE-0/history')).statusCode).toBe(404);
    });

    it('refuses a serial that is not where the movement says, saying where it is', async () => {
      const dish = await makeProduct(call, { trackedBySerial: true });
      const { van } = await company(['Sam', 'Penrose']);
      const base = uniqueSku('SN');
      await receiveStock(call, warehouse.id, [{ productId: dish.id, serials: `${base}-1` }]);
      const res = await call('POST', '/api/stock/transfers', {
        fromLocationId: van.id,
        toLocationId: warehouse.id,
        lines: [{ productId: dish.id, serials: [`${base}-1`] }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SERIAL_NOT_THERE',
        message: `Serial ${base}-1 is not at Van: Sam Penrose: it is in stock at Warehouse: Exeter`,
      });
      const unknown = await call('POST', '/api/stock/transfers', {
        fromLocationId: warehouse.id,
        toLocationId: van.id,
        lines: [{ productId: dish.id, serials: ['NO-SUCH-1'] }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Unknown serial: NO-SUCH-1');
    });

    it('takes an installed serial back from a customer’s as returned', async () => {
      const router = await makeProduct(call, { category: 'router', trackedBySerial: true });
      const { van } = await company();
      const base = uniqueSku('SN');
      await receiveStock(call, van.id, [{ productId: router.id, serials: `${base}-1\n${base}-2` }]);
      const order = await buildOrder(app);
      await call('POST', '/api/stock/installs', {
        orderId: order.id,
        locationId: van.id,
        lines: [{ productId: router.id, serials: [`${base}-1`] }],
      });
      const notInstalled = await call('POST', '/api/stock/returns', {
        toLocationId: warehouse.id,
        orderId: order.id,
        reason: 'Order cancelled',
        lines: [{ productId: router.id, serials: [`${base}-2`] }],
      });
      expect(notInstalled.statusCode).toBe(409);
      expect(notInstalled.json().message).toBe(`Serial ${base}-2 is not installed on this order`);
      const back = await call('POST', '/api/stock/returns', {
        toLocationId: warehouse.id,
        orderId: order.id,
        reason: 'Order cancelled',
        lines: [{ productId: router.id, serials: [`${base}-1`] }],
      });
      expect(back.statusCode, back.body).toBe(201);
      expect(back.json().movements[0]).toMatchObject({
        kind: 'return',
        from: null,
        to: 'Warehouse: Exeter',
        orderId: order.id,
      });
      const serial = (await call('GET', `/api/stock/serials/${base}-1/history`)).json().serial;
      expect(serial).toMatchObject({ status: 'returned', location: 'Warehouse: Exeter' });
      expect(await levelOf(router.id, warehouse.id)).toBeGreaterThanOrEqual(1);
    });

    it('marks serials faulty where they lie and writes them off', async () => {
      const dish = await makeProduct(call, { trackedBySerial: true });
      const base = uniqueSku('SN');
      await receiveStock(call, warehouse.id, [{ productId: dish.id, serials: `${base}-1` }]);
      const faulty = await call('POST', '/api/stock/faulty', {
        locationId: warehouse.id,
        serials: [`${base}-1`],
        reason: 'Cracked reflector',
      });
      expect(faulty.statusCode, faulty.body).toBe(201);
      expect(await levelOf(dish.id, warehouse.id)).toBe(1);
      const again = await call('POST', '/api/stock/faulty', {
        locationId: warehouse.id,
        serials: [`${base}-1`],
        reason: 'x',
      });
      expect(again.statusCode).toBe(409);
      const written = await call('POST', '/api/stock/write-offs', {
        locationId: warehouse.id,
        reason: 'Scrapped',
        lines: [{ productId: dish.id, serials: [`${base}-1`] }],
      });
      expect(written.statusCode, written.body).toBe(201);
      expect(await levelOf(dish.id, warehouse.id)).toBe(0);
    });

    it('takes stock: expected against counted, every difference adjusted in one step', async () => {
      const cable = await makeProduct(call, { category: 'cable' });
      const mount = await makeProduct(call, { category: 'mount' });
      const store = await makeWarehouse(call, `Bodmin ${uniqueSku('W')}`);
      await receiveStock(call, store.id, [
        { productId: cable.id, quantity: 10 },
        { productId: mount.id, quantity: 4 },
      ]);
      const sheet = await call('GET', `/api/stock/stock-takes/sheet?locationId=${store.id}`);
      expect(sheet.json().items.map((i: { expected: number }) => i.expected)).toEqual(
        expect.arrayContaining([10, 4]),
      );
      const take = await call('POST', '/api/stock/stock-takes', {
        locationId: store.id,
        reason: 'Quarterly count',
        counts: [
          { productId: cable.id, counted: 7 },
          { productId: mount.id, counted: 5 },
        ],
      });
      expect(take.statusCode, take.body).toBe(201);
      const movements = take.json().movements as { batchId: string; kind: string }[];
      expect(movements).toHaveLength(2);
      expect(new Set(movements.map((m) => m.batchId)).size).toBe(1);
      expect(movements.every((m) => m.kind === 'adjustment')).toBe(true);
      expect(await levelOf(cable.id, store.id)).toBe(7);
      expect(await levelOf(mount.id, store.id)).toBe(5);
      const same = await call('POST', '/api/stock/stock-takes', {
        locationId: store.id,
        reason: 'Recount',
        counts: [{ productId: cable.id, counted: 7 }],
      });
      expect(same.json()).toEqual({ batchId: null, movements: [] });
      const noReason = await call('POST', '/api/stock/stock-takes', {
        locationId: store.id,
        reason: '',
        counts: [{ productId: cable.id, counted: 1 }],
      });
      expect(noReason.statusCode).toBe(400);
    });
  });

  describe('lists', () => {
    it('pages levels and movements by keyset and filters them', async () => {
      const store = await makeWarehouse(call, `Truro ${uniqueSku('W')}`);
      const products = [];
      for (let i = 0; i < 3; i++) products.push(await makeProduct(call, { category: 'pole' }));
      await receiveStock(
        call,
        store.id,
        products.map((p) => ({ productId: p.id, quantity: 2 })),
      );
      const first = (await call('GET', `/api/stock/levels?locationId=${store.id}&limit=2`)).json();
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).toBeTruthy();
      const second = (
        await call(
          'GET',
          `/api/stock/levels?locationId=${store.id}&limit=2&cursor=${first.nextCursor}`,
        )
      ).json();
      expect(second.items).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.items, ...second.items].map((l: { productId: string }) => l.productId);
      expect(new Set(ids)).toEqual(new Set(products.map((p) => p.id)));
      const bad = await call('GET', '/api/stock/levels?cursor=nonsense');
      expect(bad.statusCode).toBe(400);
      const page1 = (
        await call('GET', `/api/stock/movements?locationId=${store.id}&kind=receive&limit=2`)
      ).json();
      expect(page1.items).toHaveLength(2);
      const page2 = (
        await call(
          'GET',
          `/api/stock/movements?locationId=${store.id}&kind=receive&limit=2&cursor=${page1.nextCursor}`,
        )
      ).json();
      expect(page2.items).toHaveLength(1);
      const today = new Date().toISOString().slice(0, 10);
      const dated = (
        await call('GET', `/api/stock/movements?locationId=${store.id}&from=${today}&to=${today}`)
      ).json();
      expect(dated.items).toHaveLength(3);
      const past = (
        await call('GET', `/api/stock/movements?locationId=${store.id}&to=2020-01-01`)
      ).json();
      expect(past.items).toHaveLength(0);
    });

    it('marks a level below its location’s low-stock level', async () => {
      const product = await makeProduct(call);
      const store = await makeWarehouse(call, `Penzance ${uniqueSku('W')}`);
      await receiveStock(call, store.id, [{ productId: product.id, quantity: 2 }]);
      const set = await call('PUT', '/api/stock/low-levels', {
        productId: product.id,
        locationId: store.id,
        level: 5,
      });
      expect(set.statusCode).toBe(204);
      const level = (await call('GET', `/api/stock/levels?locationId=${store.id}`)).json().items[0];
      expect(level).toMatchObject({ quantity: 2, lowLevel: 5, low: true });
    });
  });
});
