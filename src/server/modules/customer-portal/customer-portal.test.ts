import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor, createCustomer } from '../../../../tests/factories/orders';
import { createUser, signIn, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { visits } from '../visits/visits.schema';
import type { CustomerOrdersResponse } from '@shared/customer-portal/customer-orders.contracts';

describe('GET /api/customer/orders', () => {
  let app: TestApp;
  let cara: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp();
    const user = await createUser(app, {
      role: 'customer',
      email: 'cara.portal@example.com',
      firstName: 'Cara',
      lastName: 'Customer',
    });
    cara = await signIn(app, user);
  });

  const get = (headers?: AuthHeaders) =>
    app.inject({ method: 'GET', url: '/api/customer/orders', headers });

  it("answers only the signed-in customer's own orders, newest first, without money or notes", async () => {
    // Customer records keep emails lower-cased; the account's case does not matter.
    const own = await createCustomer(app, {
      firstName: 'Cara',
      lastName: 'Customer',
      email: 'cara.portal@example.com',
      addressLine1: '4 Harbour View',
      town: 'Saltash',
      postcode: 'PL12 4DU',
    });
    const second = await createCustomer(app, { email: 'cara.portal@example.com' });
    const other = await createCustomer(app, { email: 'someone.else@example.com' });
    const contractor = await createContractor(app);
    const engineer = await createUser(app, { role: 'engineer', contractorId: contractor.id });

    const older = await buildOrder(app, {
      customerId: own.id,
      status: 'customer_submitted',
      requestedDate: '2026-07-01',
      notes: 'Internal: dog on site',
      receivedAt: new Date('2026-05-01T09:00:00Z'),
      createdAt: new Date('2026-05-01T09:00:00Z'),
    });
    const booked = await buildOrder(app, {
      customerId: own.id,
      status: 'scheduled',
      kitStatus: 'arrived',
      contractorId: contractor.id,
      engineerId: engineer.id,
      visitDate: '2026-06-20',
      receivedAt: new Date('2026-06-01T09:00:00Z'),
      createdAt: new Date('2026-06-01T09:00:00Z'),
    });
    const viaSecondRecord = await buildOrder(app, {
      customerId: second.id,
      status: 'completed',
      receivedAt: new Date('2026-04-01T09:00:00Z'),
      createdAt: new Date('2026-04-01T09:00:00Z'),
    });
    const notMine = await buildOrder(app, { customerId: other.id });
    // A visit that already failed is not the next visit.
    await app.deps.database.db.insert(visits).values({
      orderId: older.id,
      contractorId: contractor.id,
      engineerId: engineer.id,
      scheduledDate: '2026-05-10',
      slot: 'pm',
      status: 'failed',
    });

    const res = await get(cara);
    expect(res.statusCode).toBe(200);
    const body = res.json<CustomerOrdersResponse>();
    expect(body.items.map((o) => o.orderNumber)).toEqual([
      booked.orderNumber,
      older.orderNumber,
      viaSecondRecord.orderNumber,
    ]);
    expect(body.items.map((o) => o.orderNumber)).not.toContain(notMine.orderNumber);

    const [first, next] = body.items;
    expect(first).toEqual({
      orderNumber: booked.orderNumber,
      status: 'scheduled',
      kitStatus: 'arrived',
      jobTypeName: expect.stringMatching(/^Standard install/),
      address: '4 Harbour View, Saltash, PL12 4DU',
      requestedDate: null,
      nextVisit: { date: '2026-06-20', slot: 'am' },
      createdAt: '2026-06-01T09:00:00.000Z',
    });
    expect(next).toMatchObject({
      status: 'customer_submitted',
      requestedDate: '2026-07-01',
      nextVisit: null,
    });
    const text = res.body;
    for (const hidden of ['price', 'Pence', 'payout', 'partner', 'notes', 'Internal', 'dog']) {
      expect(text, hidden).not.toContain(hidden);
    }
  });

  it('matches the account email case-insensitively', async () => {
    const { headers } = await signInAs(app, 'customer', { email: 'Mixed.Case@Example.com' });
    const customer = await createCustomer(app, { email: 'mixed.case@example.com' });
    const order = await buildOrder(app, { customerId: customer.id });
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomerOrdersResponse>().items.map((o) => o.orderNumber)).toEqual([
      order.orderNumber,
    ]);
  });

  it('answers an empty list to a customer with no orders', async () => {
    const { headers } = await signInAs(app, 'customer');
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [] });
  });

  it('names the company with its logo: null until /settings has one, then its public address', async () => {
    const { headers } = await signInAs(app, 'customer');
    const before = (await get(headers)).json<CustomerOrdersResponse>().company;
    expect(before).toMatchObject({ name: expect.any(String), logoUrl: null });

    const office = (await signInAs(app, 'back_office')).headers;
    const png = await sharp({
      create: { width: 90, height: 30, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/settings/company/logo',
      headers: office,
      payload: { dataBase64: png.toString('base64') },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    try {
      const after = (await get(headers)).json<CustomerOrdersResponse>().company;
      expect(after.logoUrl).toMatch(/^\/api\/public\/company-logo\?v=/);
      expect(after.logoUrl).toBe(uploaded.json().logoUrl);
      const served = await app.inject({ method: 'GET', url: after.logoUrl! });
      expect(served.headers['content-type']).toBe('image/png');
    } finally {
      await app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers: office });
    }
  });

  it('refuses staff with 403 and anyone signed out with 401', async () => {
    for (const role of ['back_office', 'contractor', 'engineer'] as const) {
      const { headers } = await signInAs(app, role);
      const res = await get(headers);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBeTruthy();
    }
    const signedOut = await get();
    expect(signedOut.statusCode).toBe(401);
  });
});
