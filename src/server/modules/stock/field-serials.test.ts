import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoCategories, visitPaths } from '@shared/visits/visit-record';
import { fieldFlagPaths, type FieldFlag } from '@shared/stock/field-flags.contracts';
import { domainEvents } from '../events/events.schema';
import { visitPhotos, visits } from '../visits/visits.schema';
import { fieldSerialsSubscriber } from './stock.subscribers';
import { takeVisitSerials } from './field-serials.service';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
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

type Location = { id: string; kind: string; label: string; engineerId: string | null };

let app: TestApp;
let backOffice: AuthHeaders;
let contractorHeaders: AuthHeaders;
let contractorId: string;
let engineer: { id: string; headers: AuthHeaders };
let call: Call;
let warehouse: { id: string; label: string };
let van: Location;
let dish: { id: string; sku: string };
let router: { id: string; sku: string };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const db = () => app.deps.database.db;
const key = () => ({ 'idempotency-key': randomUUID() });

beforeAll(async () => {
  app = await createTestApp();
  backOffice = (await signInAs(app, 'back_office', { firstName: 'Bea', lastName: 'Office' }))
    .headers;
  call = caller(app, () => backOffice);
  contractorId = (await createContractor(app)).id;
  contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
  const signedIn = await signInAs(app, 'engineer', {
    contractorId,
    firstName: 'Sam',
    lastName: 'Penrose',
  });
  engineer = { id: signedIn.user.id, headers: signedIn.headers };
  warehouse = await makeWarehouse(call, 'Exeter');
  dish = await makeProduct(call, { sku: uniqueSku('DISH'), trackedBySerial: true });
  router = await makeProduct(call, {
    sku: uniqueSku('RTR'),
    category: 'router',
    trackedBySerial: true,
  });
  const locations = (await call('GET', '/api/stock/locations')).json().items as Location[];
  van = locations.find((l) => l.kind === 'van' && l.engineerId === engineer.id)!;
});

/** Serials received at the warehouse; those listed for the van moved into it. */
async function stock(serials: { dish: string[]; router: string[] }, toVan: string[]) {
  await receiveStock(call, warehouse.id, [
    { productId: dish.id, serials: serials.dish.join('\n') },
    { productId: router.id, serials: serials.router.join('\n') },
  ]);
  const lines = [dish, router]
    .map((product, i) => ({
      productId: product.id,
      serials: (i === 0 ? serials.dish : serials.router).filter((s) => toVan.includes(s)),
    }))
    .filter((line) => line.serials.length > 0);
  const res = await call('POST', '/api/stock/transfers', {
    fromLocationId: warehouse.id,
    toLocationId: van.id,
    lines,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A visit under way with everything completion needs but the serials. */
async function visitUnderWay() {
  const order = await buildOrder(app, {
    status: 'in_progress',
    kitStatus: 'arrived',
    contractorId,
    engineerId: engineer.id,
    visitDate: today,
  });
  const [visit] = await db().select().from(visits).where(eq(visits.orderId, order.id));
  const now = new Date();
  await db()
    .update(visits)
    .set({
      status: 'in_progress',
      checkedInAt: now,
      commissioning: {
        dishId: 'D',
        routerId: 'R',
        obstructionPercent: 0.5,
        downloadMbps: 200,
        uploadMbps: 20,
        latencyMs: 30,
        testedAt: now.toISOString(),
        breaches: [],
      },
      signatureKey: 'visit-signatures/test.png',
      customerSignOffName: 'Morwenna Penrose',
      signedAt: now,
    })
    .where(eq(visits.id, visit!.id));
  for (const category of photoCategories) {
    await db()
      .insert(visitPhotos)
      .values({
        id: randomUUID(),
        visitId: visit!.id,
        orderId: order.id,
        category,
        storageKey: `visit-photos/${randomUUID()}.jpg`,
        thumbnailKey: `visit-photos/${randomUUID()}-thumb.jpg`,
        contentType: 'image/jpeg',
        bytes: 100,
        width: 10,
        height: 10,
        sha256: 'a'.repeat(64),
        takenAt: now,
        uploadedAt: now,
      });
  }
  return { order, visitId: visit!.id };
}

const putSerials = (visitId: string, body: object) =>
  app.inject({
    method: 'PUT',
    url: visitPaths.serials(visitId),
    headers: { ...engineer.headers, ...key() },
    payload: { mismatchReason: 'Fitted from the van', ...body },
  });

const complete = (visitId: string, headers = key(), at = new Date().toISOString()) =>
  app.inject({
    method: 'POST',
    url: visitPaths.complete(visitId),
    headers: { ...engineer.headers, ...headers },
    payload: { at },
  });

/** Hands the order's completion to stock, as the event bus does after commit. */
async function deliverCompletion(orderId: string) {
  const [event] = await db()
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.aggregateId, orderId), eq(domainEvents.type, 'order.complete')));
  expect(event).toBeDefined();
  return app.deps.events.deliver(fieldSerialsSubscriber, event!.id);
}

const history = async (serial: string) => {
  const res = await call('GET', `/api/stock/serials/${encodeURIComponent(serial)}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    serial: { status: string; orderId: string | null; location: string | null };
    history: { kind: string; from: string | null; visitId: string | null; by: string }[];
  };
};

const levelOf = async (productId: string, locationId: string) => {
  const res = await call(
    'GET',
    `/api/stock/levels?productId=${productId}&locationId=${locationId}`,
  );
  return (res.json().items[0]?.quantity as number | undefined) ?? 0;
};

describe('serials from the field', () => {
  it('installs each serial once when the record arrives twice', async () => {
    const serials = { dish: [uniqueSku('SD')], router: [uniqueSku('SR')] };
    await stock(serials, [...serials.dish, ...serials.router]);
    const { order, visitId } = await visitUnderWay();
    const body = { dish: serials.dish[0], router: serials.router[0] };
    // The outbox replays: the serials twice, the completion twice (same key, then a new one).
    expect((await putSerials(visitId, body)).statusCode).toBe(200);
    expect((await putSerials(visitId, body)).statusCode).toBe(200);
    const first = key();
    const at = new Date().toISOString();
    expect((await complete(visitId, first, at)).statusCode).toBe(200);
    expect((await complete(visitId, first, at)).statusCode).toBe(200);
    expect((await complete(visitId)).statusCode).not.toBe(500);

    expect(await deliverCompletion(order.id)).toBe('done');
    expect(await deliverCompletion(order.id)).toBe('already_done');
    // Even a second run of the effect itself (another completion event) moves nothing.
    expect(await takeVisitSerials(db(), visitId)).toEqual([]);

    for (const serial of [serials.dish[0]!, serials.router[0]!]) {
      const found = await history(serial);
      expect(found.serial).toMatchObject({
        status: 'installed',
        orderId: order.id,
        location: null,
      });
      const installs = found.history.filter((m) => m.kind === 'install');
      expect(installs).toHaveLength(1);
      expect(installs[0]).toMatchObject({ from: van.label, visitId, by: 'Sam Penrose' });
    }
    expect(await levelOf(dish.id, van.id)).toBe(0);
    const flags = await call('GET', `${fieldFlagPaths.list}?orderId=${order.id}&status=all`);
    expect(flags.json().items).toEqual([]);
  });

  it('takes a serial not in the van, flags it on the order and for back office, and resolves it', async () => {
    const serials = { dish: [uniqueSku('SD')], router: [uniqueSku('SR')] };
    await stock(serials, serials.dish);
    const unknown = uniqueSku('UNKNOWN');
    const { order, visitId } = await visitUnderWay();
    const routersInVan = await levelOf(router.id, van.id);
    const saved = await putSerials(visitId, {
      dish: serials.dish[0],
      router: serials.router[0],
      others: [{ label: 'Power supply', serial: unknown }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const completed = await complete(visitId);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await deliverCompletion(order.id)).toBe('done');

    expect((await history(serials.dish[0]!)).serial.status).toBe('installed');
    const open = (await call('GET', fieldFlagPaths.list)).json().items as FieldFlag[];
    const mine = open.filter((f) => f.orderId === order.id);
    expect(mine.map((f) => [f.serial, f.label, f.status]).sort()).toEqual(
      [
        [serials.router[0], 'Router', 'open'],
        [unknown, 'Power supply', 'open'],
      ].sort(),
    );
    const routerFlag = mine.find((f) => f.serial === serials.router[0])!;
    expect(routerFlag).toMatchObject({
      orderNumber: order.orderNumber,
      engineer: 'Sam Penrose',
      problem: `Serial ${serials.router[0]} is not at ${van.label}: it is in stock at ${warehouse.label}`,
    });
    const unknownFlag = mine.find((f) => f.serial === unknown)!;
    expect(unknownFlag.problem).toBe(
      `Serial ${unknown} is not in stock anywhere: it was not at ${van.label}`,
    );
    // On the order, for back office.
    const detail = (await call('GET', `/api/orders/${order.id}`)).json();
    expect(detail.fieldFlags.map((f: FieldFlag) => f.id).sort()).toEqual(
      [routerFlag.id, unknownFlag.id].sort(),
    );

    // Resolve: the router is fetched from the warehouse into the van, then installed.
    const resolved = await call('POST', fieldFlagPaths.resolve(routerFlag.id), {
      resolution: 'install',
      note: 'Taken from the warehouse shelf on the way',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      resolution: 'install',
      resolvedBy: 'Bea Office',
      resolutionNote: 'Taken from the warehouse shelf on the way',
    });
    const routerHistory = await history(serials.router[0]!);
    expect(routerHistory.serial).toMatchObject({ status: 'installed', orderId: order.id });
    expect(routerHistory.history.map((m) => m.kind)).toEqual(['receive', 'transfer', 'install']);
    expect(await levelOf(router.id, van.id)).toBe(routersInVan);
    const again = await call('POST', fieldFlagPaths.resolve(routerFlag.id), {
      resolution: 'dismiss',
      note: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This flag has already been resolved');

    // An unknown serial needs its product to be received into the van first.
    const noProduct = await call('POST', fieldFlagPaths.resolve(unknownFlag.id), {
      resolution: 'install',
      note: 'Delivered without a note',
    });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().message).toBe(
      `Serial ${unknown} is not known: choose which product it is to receive it into the van`,
    );
    const noNote = await call('POST', fieldFlagPaths.resolve(unknownFlag.id), {
      resolution: 'install',
      note: ' ',
      productId: router.id,
    });
    expect(noNote.statusCode).toBe(400);
    const received = await call('POST', fieldFlagPaths.resolve(unknownFlag.id), {
      resolution: 'install',
      note: 'Delivered without a note',
      productId: router.id,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect((await history(unknown)).history.map((m) => m.kind)).toEqual(['receive', 'install']);
    expect(
      (await call('GET', fieldFlagPaths.list)).json().items.map((f: FieldFlag) => f.id),
    ).not.toContain(unknownFlag.id);
  });

  it('leaves the stock as it is when told to, with the note', async () => {
    const elsewhere = uniqueSku('SD');
    const serials = { dish: [elsewhere], router: [uniqueSku('SR')] };
    await stock(serials, serials.router);
    const { order, visitId } = await visitUnderWay();
    await putSerials(visitId, { dish: elsewhere, router: serials.router[0] });
    expect((await complete(visitId)).statusCode).toBe(200);
    await deliverCompletion(order.id);
    const [flag] = (await call('GET', `${fieldFlagPaths.list}?orderId=${order.id}`)).json()
      .items as FieldFlag[];
    const res = await call('POST', fieldFlagPaths.resolve(flag!.id), {
      resolution: 'dismiss',
      note: 'Warehouse count will find it',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await history(elsewhere)).serial.status).toBe('in_stock');
    const resolvedList = await call('GET', `${fieldFlagPaths.list}?status=resolved`);
    expect(resolvedList.json().items.map((f: FieldFlag) => f.id)).toContain(flag!.id);
  });

  it('refuses anyone but back office, and unknown flags', async () => {
    for (const headers of [contractorHeaders, engineer.headers]) {
      expect((await call('GET', fieldFlagPaths.list, undefined, headers)).statusCode).toBe(403);
      const res = await call(
        'POST',
        fieldFlagPaths.resolve(randomUUID()),
        { resolution: 'dismiss', note: 'x' },
        headers,
      );
      expect(res.statusCode).toBe(403);
    }
    const missing = await call('POST', fieldFlagPaths.resolve(randomUUID()), {
      resolution: 'dismiss',
      note: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call('POST', fieldFlagPaths.resolve(randomUUID()), {
      resolution: 'shrug',
      note: 'x',
    });
    expect(bad.statusCode).toBe(400);
    // The order detail carries no flags for a contractor.
    const { order } = await visitUnderWay();
    const detail = await call('GET', `/api/orders/${order.id}`, undefined, contractorHeaders);
    expect(detail.json().fieldFlags).toBeUndefined();
  });
});
