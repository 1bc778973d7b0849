import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createCustomer } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

describe('customers API', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const get = (url: string, headers = backOffice) => app.inject({ method: 'GET', url, headers });

  it('lists, searches and filters customers with their order counts', async () => {
    const a = await createCustomer(app, {
      firstName: 'Tamsin',
      lastName: 'Nancarrow',
      postcode: 'TR18 2RH',
      phone: '+447700900321',
    });
    const b = await createCustomer(app, {
      firstName: 'Jory',
      lastName: 'Polglase',
      validationStatus: 'validated',
    });
    await buildOrder(app, { customerId: a.id });
    const all = await get('/api/customers');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    for (const q of ['nancarrow', 'TR18 2RH', 'tr182rh', '07700900321', a.reference]) {
      const res = await get(`/api/customers?q=${encodeURIComponent(q)}`);
      expect(
        res.json().items.map((c: { id: string }) => c.id),
        q,
      ).toEqual([a.id]);
      expect(res.json().items[0].orderCount).toBe(1);
    }
    const validated = await get('/api/customers?validationStatus=validated');
    expect(validated.json().items.map((c: { id: string }) => c.id)).toContain(b.id);
    expect(validated.json().items.map((c: { id: string }) => c.id)).not.toContain(a.id);
    expect((await get('/api/customers?validationStatus=maybe')).statusCode).toBe(400);
    expect((await get('/api/customers?pageSize=0')).statusCode).toBe(400);
  });

  it('shows a customer with their orders', async () => {
    const customer = await createCustomer(app);
    const order = await buildOrder(app, { customerId: customer.id });
    const res = await get(`/api/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await get('/api/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('edits a customer, normalising and re-indexing the order search', async () => {
    const customer = await createCustomer(app);
    const order = await buildOrder(app, { customerId: customer.id });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: backOffice,
      payload: {
        lastName: 'Chenoweth',
        phone: '01872 270000',
        address: { line1: '9 Lemon Street', town: 'Truro', postcode: 'tr12ln' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lastName: 'Chenoweth',
      phone: '+441872270000',
      address: { postcode: 'TR1 2LN', line2: null },
    });
    const found = await get('/api/orders?q=chenoweth');
    expect(found.json().items.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it.each([
    ['firstName', { firstName: '' }],
    ['email', { email: 'nope' }],
    ['phone', { phone: '999' }],
    ['address.postcode', { address: { line1: 'a', town: 'b', postcode: 'nope' } }],
    ['latitude', { latitude: 10 }],
  ])('refuses a bad %s', async (field, payload) => {
    const customer = await createCustomer(app);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: backOffice,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty(field);
  });

  it('refuses to remove the last way to reach the customer', async () => {
    const customer = await createCustomer(app, { phone: null });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: backOffice,
      payload: { email: null },
    });
    expect(res.statusCode).toBe(400);
  });

  it('validates and rejects (with a reason); a rejected customer blocks order validation', async () => {
    const customer = await createCustomer(app);
    const order = await buildOrder(app, { customerId: customer.id, status: 'customer_submitted' });
    const missing = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/reject`,
      headers: backOffice,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/reject`,
      headers: backOffice,
      payload: { reason: 'Address not found' },
    });
    expect(rejected.json()).toMatchObject({
      validationStatus: 'rejected',
      rejectionReason: 'Address not found',
    });
    const blocked = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/validate`,
      headers: backOffice,
      payload: {},
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('CUSTOMER_REJECTED');
    const detail = await get(`/api/orders/${order.id}`);
    expect(detail.json().allowedActions.map((a: { action: string }) => a.action)).not.toContain(
      'validate',
    );
    const validated = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/validate`,
      headers: backOffice,
    });
    expect(validated.json()).toMatchObject({
      validationStatus: 'validated',
      rejectionReason: null,
    });
    const ok = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/validate`,
      headers: backOffice,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
  });

  it('finds duplicates by email, phone, or name and postcode', async () => {
    const customer = await createCustomer(app, {
      firstName: 'Lowen',
      lastName: 'Symons',
      email: 'lowen@example.com',
      phone: '+447700900999',
      postcode: 'EX8 1AB',
    });
    const byName = await get(
      '/api/customers/duplicates?firstName=LOWEN&lastName=symons&postcode=ex81ab',
    );
    expect(byName.json().matches).toEqual([
      expect.objectContaining({
        matchedOn: ['name_postcode'],
        customer: expect.objectContaining({ id: customer.id }),
      }),
    ]);
    const byPhone = await get('/api/customers/duplicates?phone=07700%20900999');
    expect(byPhone.json().matches[0].matchedOn).toEqual(['phone']);
    const none = await get('/api/customers/duplicates?email=someone-else@example.com');
    expect(none.json().matches).toEqual([]);
  });

  it.each(['contractor', 'engineer', 'customer'] as const)('answers 403 to a %s', async (role) => {
    const { headers } = await signInAs(app, role);
    const customer = await createCustomer(app);
    expect((await get('/api/customers', headers)).statusCode).toBe(403);
    expect((await get(`/api/customers/${customer.id}`, headers)).statusCode).toBe(403);
    const res = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/validate`,
      headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
