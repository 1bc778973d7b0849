import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor, createPartner } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { stockFieldSerials } from '../stock/stock.schema';
import { visits } from '../visits/visits.schema';
import { eq } from 'drizzle-orm';
import type { SearchResponse } from '@shared/search/search.contracts';
import { searchMessages } from '@shared/search/search.contracts';

// Issue 25: GET /api/search, scoped per role on the server (decision 079).

describe('GET /api/search', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractor: AuthHeaders;
  let otherContractor: AuthHeaders;
  let engineer: AuthHeaders;
  let dual: AuthHeaders;
  let customer: AuthHeaders;
  let companyA: string;
  let engineerId: string;
  let dualId: string;
  // Orders: one of company A with a visit by the engineer, one of company B, one unassigned.
  let ordersOf: { a: { id: string; orderNumber: string }; b: { id: string }; none: { id: string } };
  let visitId: string;
  const tag = randomUUID().slice(0, 6);
  // Letters only, so a fragment of the surname is a name fragment (no digit; decision 086). It
  // ends in "qx", which starts no name, postcode, email or number in the shared test database:
  // its last two letters must find nothing by prefix (a random ending like "ca" found "Cal").
  const surname = `Zennor${tag.replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}qx`;
  const fragment = surname.slice(2).toLowerCase();

  beforeAll(async () => {
    app = await createTestApp();
    companyA = (await createContractor(app)).id;
    const companyB = (await createContractor(app)).id;
    backOffice = (await signInAs(app, 'back_office')).headers;
    contractor = (await signInAs(app, 'contractor', { contractorId: companyA })).headers;
    otherContractor = (await signInAs(app, 'contractor', { contractorId: companyB })).headers;
    const eng = await signInAs(app, 'engineer', { contractorId: companyA });
    engineer = eng.headers;
    engineerId = eng.user.id;
    const owner = await signInAs(app, 'contractor', {
      contractorId: companyB,
      additionalRoles: ['engineer'],
    });
    dual = owner.headers;
    dualId = owner.user.id;
    customer = (await signInAs(app, 'customer')).headers;
    const partner = await createPartner(app);
    const customerOf = (first: string, postcode: string, phone: string | null) => ({
      firstName: first,
      lastName: surname,
      postcode,
      phone,
      email: `${first.toLowerCase()}.${tag}@example.com`,
    });
    const a = await buildOrder(app, {
      status: 'scheduled',
      kitStatus: 'arrived',
      contractorId: companyA,
      engineerId,
      visitDate: '2099-03-02',
      partnerId: partner.id,
      partnerReference: `REF-${tag}-A`,
      customer: customerOf('Anna', 'TR19 7AA', '+447700900555'),
    });
    const b = await buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId: companyB,
      partnerId: partner.id,
      partnerReference: `REF-${tag}-B`,
      customer: customerOf('Bea', 'TR19 7AB', null),
    });
    const none = await buildOrder(app, {
      status: 'received',
      partnerId: partner.id,
      customer: customerOf('Cal', 'EX4 4QE', null),
    });
    ordersOf = {
      a: { id: a.id, orderNumber: a.orderNumber },
      b: { id: b.id },
      none: { id: none.id },
    };
    const [visit] = await app.deps.database.db
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.orderId, a.id));
    visitId = visit!.id;
    await app.deps.database.db
      .update(visits)
      .set({ serials: { dish: `DSH-${tag}-1` } })
      .where(eq(visits.id, visitId));
    // A serial recorded on company B's order, as stock keeps it after completion.
    const bVisit = await buildOrder(app, {
      status: 'scheduled',
      kitStatus: 'arrived',
      contractorId: companyB,
      engineerId: dualId,
      visitDate: '2099-03-03',
      customer: customerOf('Dot', 'PL1 1AA', null),
    });
    const [bv] = await app.deps.database.db
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.orderId, bVisit.id));
    await app.deps.database.db.insert(stockFieldSerials).values({
      visitId: bv!.id,
      orderId: bVisit.id,
      engineerId: dualId,
      serial: `DSH-${tag}-2`,
      label: 'Dish',
      status: 'installed',
    });
  });

  afterAll(async () => {
    await app.close();
  });

  const search = async (headers: AuthHeaders | Record<string, never>, q: string) =>
    app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
  const found = async (headers: AuthHeaders, q: string) => {
    const res = await search(headers, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  };
  const hrefs = (body: SearchResponse, kind: string) =>
    body.groups.find((g) => g.kind === kind)?.items.map((i) => i.href) ?? [];

  it('finds for back office every order and customer by name, grouped by kind', async () => {
    const body = await found(backOffice, surname.toLowerCase());
    expect(body.groups.map((g) => g.kind)).toEqual(['orders', 'customers']);
    expect(hrefs(body, 'orders').sort()).toEqual(
      expect.arrayContaining([
        `/orders/${ordersOf.a.id}`,
        `/orders/${ordersOf.b.id}`,
        `/orders/${ordersOf.none.id}`,
      ]),
    );
    const orders = body.groups[0]!;
    expect(orders.label).toBe('Orders');
    expect(orders.items[0]!.matched).toBe('name');
    expect(hrefs(body, 'customers')).toHaveLength(4);
    expect(hrefs(body, 'customers')[0]).toMatch(/^\/customers\//);
    // The full name as typed, and its start.
    expect(hrefs(await found(backOffice, `anna ${surname}`), 'orders')).toEqual([
      `/orders/${ordersOf.a.id}`,
    ]);
  });

  it('finds by order number, its sequence digits, partner reference, postcode, phone, email and serial', async () => {
    const a = `/orders/${ordersOf.a.id}`;
    const number = ordersOf.a.orderNumber;
    const match = async (q: string) => {
      const body = await found(backOffice, q);
      const item = body.groups.find((g) => g.kind === 'orders')?.items.find((i) => i.href === a);
      return item?.matched;
    };
    expect(await match(number.toLowerCase())).toBe('order number');
    expect(await match(number.slice(0, 12))).toBe('order number');
    const sequence = number.split('-')[2]!;
    expect(await match(sequence)).toBe('order number');
    if (Number(sequence) >= 10) expect(await match(String(Number(sequence)))).toBe('order number');
    expect(await match(`ref-${tag}-a`)).toBe('partner reference');
    expect(await match('tr19 7aa')).toBe('postcode');
    expect(await match('TR197AA')).toBe('postcode');
    expect(await match('07700 900555')).toBe('phone');
    expect(await match('+44 7700 900555')).toBe('phone');
    expect(await match(`anna.${tag}@example.com`)).toBe('email');
    const serial = await found(backOffice, `dsh-${tag}-2`);
    expect(serial.groups.find((g) => g.kind === 'serials')?.items).toEqual([
      expect.objectContaining({ title: `DSH-${tag}-2`, matched: 'serial' }),
    ]);
  });

  it('finds a fragment from the middle of a name, after every prefix match, in each role’s scope', async () => {
    // Prefix-only would find nothing: "nnor…" starts no name, number, postcode or email.
    const body = await found(backOffice, fragment);
    // The four orders of the four customers with that surname (Dot's is company B's too).
    const orders = body.groups.find((g) => g.kind === 'orders')!.items;
    expect(orders.map((i) => i.href)).toEqual(
      expect.arrayContaining([
        `/orders/${ordersOf.a.id}`,
        `/orders/${ordersOf.b.id}`,
        `/orders/${ordersOf.none.id}`,
      ]),
    );
    expect(orders.map((i) => i.matched)).toEqual(['name', 'name', 'name', 'name']);
    expect(hrefs(body, 'customers')).toHaveLength(4);
    // A prefix match of the same name still comes first.
    const mixed = await found(backOffice, `anna ${surname.slice(0, 4)}`);
    expect(hrefs(mixed, 'orders')[0]).toBe(`/orders/${ordersOf.a.id}`);
    expect(hrefs(await found(contractor, fragment), 'orders')).toEqual([
      `/contractor/orders/${ordersOf.a.id}`,
    ]);
    expect(hrefs(await found(otherContractor, fragment), 'orders')).toEqual(
      expect.not.arrayContaining([`/contractor/orders/${ordersOf.a.id}`]),
    );
    expect(hrefs(await found(engineer, fragment), 'visits')).toEqual([
      `/engineer/visits/${visitId}`,
    ]);
    // Two letters are too few for a fragment (no trigram): only prefixes.
    expect((await found(backOffice, surname.slice(-2))).groups).toEqual([]);
  });

  it('finds for a contractor only its own company’s orders, linked to the contractor pages', async () => {
    const body = await found(contractor, surname);
    expect(body.groups.map((g) => g.kind)).toEqual(['orders']);
    expect(hrefs(body, 'orders')).toEqual([`/contractor/orders/${ordersOf.a.id}`]);
    // Another company's order by its exact number: nothing.
    const other = await found(otherContractor, ordersOf.a.orderNumber);
    expect(other.groups).toEqual([]);
    // No customers group, and a serial only on its own orders.
    expect((await found(contractor, `DSH-${tag}-2`)).groups).toEqual([]);
    expect(hrefs(await found(otherContractor, `DSH-${tag}-2`), 'serials')).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain('price');
  });

  it('finds for an engineer only their own visits, linked to the engineer app', async () => {
    const body = await found(engineer, surname);
    expect(body.groups.map((g) => g.kind)).toEqual(['visits']);
    expect(body.groups[0]!.items).toEqual([
      expect.objectContaining({
        id: visitId,
        href: `/engineer/visits/${visitId}`,
        matched: 'name',
        title: `Anna ${surname}`,
      }),
    ]);
    // Anywhere in the order's text, and in the serials the engineer recorded.
    expect(hrefs(await found(engineer, `ref-${tag}-a`), 'visits')).toEqual([
      `/engineer/visits/${visitId}`,
    ]);
    const bySerial = await found(engineer, `dsh-${tag}-1`);
    expect(bySerial.groups[0]!.items[0]!.matched).toBe('serial');
    // Not another engineer's visit, nor an order with no visit of theirs.
    expect((await found(engineer, 'EX4 4QE')).groups).toEqual([]);
  });

  it('gives a dual contractor-engineer their company’s orders and their own visits', async () => {
    const body = await found(dual, surname);
    expect(body.groups.map((g) => g.kind)).toEqual(['orders', 'visits']);
    expect(hrefs(body, 'orders')).toHaveLength(2);
    expect(hrefs(body, 'orders')).toContain(`/contractor/orders/${ordersOf.b.id}`);
    expect(hrefs(body, 'visits')).toHaveLength(1);
  });

  it('refuses customers, partners’ keys and visitors who are not signed in', async () => {
    expect((await search(customer, surname)).statusCode).toBe(403);
    expect((await search({}, surname)).statusCode).toBe(401);
    const partnerKey = await app.inject({
      method: 'GET',
      url: `/api/search?q=${surname}`,
      headers: { authorization: 'Bearer upk_live_notasessionatall' },
    });
    expect(partnerKey.statusCode).toBe(401);
  });

  it('answers bad input with a clear message', async () => {
    const short = await search(backOffice, 'a');
    expect(short.statusCode).toBe(400);
    expect(short.json().details.q).toEqual([searchMessages.tooShort]);
    expect((await search(backOffice, '   ')).json().details.q).toEqual([searchMessages.tooShort]);
    const long = await search(backOffice, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().details.q).toEqual([searchMessages.tooLong]);
    const missing = await app.inject({ method: 'GET', url: '/api/search', headers: backOffice });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.q).toEqual([searchMessages.tooShort]);
    expect((await search(backOffice, 'ab\u0001c')).statusCode).toBe(400);
    // LIKE wildcards are matched as typed, not as wildcards.
    expect((await found(backOffice, '%%')).groups).toEqual([]);
    expect((await found(backOffice, '__')).groups).toEqual([]);
  });
});
