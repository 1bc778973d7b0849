import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  createContractor,
  createCustomer,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { OrderDetail, OrderListResponse } from '@shared/orders/orders.contracts';

describe('orders API', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let partnerId: string;
  let jobTypeId: string;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    partnerId = (await createPartner(app, { name: 'SBPM', code: 'SBPM', slaTargetDays: 10 })).id;
    jobTypeId = (
      await createJobType(app, { defaultPricePence: 19_900, defaultPayoutPence: 12_000 })
    ).id;
  });

  const get = (url: string, headers: AuthHeaders = backOffice) =>
    app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: AuthHeaders = backOffice) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });

  const newCustomer = (patch: Record<string, unknown> = {}) => ({
    firstName: 'Morwenna',
    // Unique, or the duplicate-customer check (name + postcode) would refuse the next one.
    lastName: `Trevithick-${Math.random().toString(36).slice(2, 8)}`,
    email: `morwenna.${Math.random().toString(36).slice(2)}@example.com`,
    address: { line1: '5 Quay Street', town: 'Truro', postcode: 'tr1 2lw' },
    ...patch,
  });

  describe('create', () => {
    it('creates with job-type defaults, partner SLA and a created event', async () => {
      const res = await post('/api/orders', { partnerId, jobTypeId, customer: newCustomer() });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json() as OrderDetail;
      expect(order).toMatchObject({
        status: 'received',
        kitStatus: 'awaiting_dispatch',
        pricePence: 19_900,
        payoutPence: 12_000,
        slaTargetDays: 10,
        slaState: 'on_track',
        assignmentState: 'unassigned',
      });
      expect(order.customer.reference).toMatch(/^CUS-\d{6}$/);
      expect(order.customer.address.postcode).toBe('TR1 2LW');
      expect(order.timeline).toHaveLength(1);
      expect(order.timeline[0]).toMatchObject({ type: 'created', toStatus: 'received' });
    });

    it('takes price, payout, customer-supplied kit and an existing customer', async () => {
      const customer = await createCustomer(app);
      const res = await post('/api/orders', {
        partnerId,
        jobTypeId,
        customerId: customer.id,
        pricePence: 25_000,
        payoutPence: 14_000,
        customerSuppliesKit: true,
        requestedDate: '2026-12-24',
        notes: 'Gate code 1234',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        pricePence: 25_000,
        payoutPence: 14_000,
        kitStatus: 'customer_supplied',
        requestedDate: '2026-12-24',
        notes: 'Gate code 1234',
        customer: { id: customer.id },
      });
    });

    it.each([
      ['partnerId', { partnerId: 'nope' }],
      ['jobTypeId', { jobTypeId: 'nope' }],
      ['customer', { customer: undefined }],
      ['customer.firstName', { customer: newCustomer({ firstName: '' }) }],
      ['customer.lastName', { customer: newCustomer({ lastName: ' ' }) }],
      ['customer.email', { customer: newCustomer({ email: 'not-an-email' }) }],
      ['customer.phone', { customer: newCustomer({ phone: '12345' }) }],
      [
        'customer.address.postcode',
        { customer: newCustomer({ address: { line1: 'x', town: 'y', postcode: 'ZZZ' } }) },
      ],
      [
        'customer.address.line1',
        { customer: newCustomer({ address: { line1: '', town: 'y', postcode: 'EX1 1AA' } }) },
      ],
      [
        'customer.address.town',
        { customer: newCustomer({ address: { line1: 'x', town: '', postcode: 'EX1 1AA' } }) },
      ],
      ['customer.email', { customer: newCustomer({ email: null, phone: null }) }],
      ['pricePence', { pricePence: -1 }],
      ['payoutPence', { payoutPence: 1.5 }],
      ['requestedDate', { requestedDate: '24/12/2026' }],
    ])('refuses a bad %s with 400', async (field, patch) => {
      const res = await post('/api/orders', {
        partnerId,
        jobTypeId,
        customer: newCustomer(),
        ...patch,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    });

    it('refuses an unknown partner or job type', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const a = await post('/api/orders', {
        partnerId: unknown,
        jobTypeId,
        customer: newCustomer(),
      });
      expect(a.statusCode).toBe(400);
      expect(a.json().details).toHaveProperty('partnerId');
      const b = await post('/api/orders', {
        partnerId,
        jobTypeId: unknown,
        customer: newCustomer(),
      });
      expect(b.statusCode).toBe(400);
      expect(b.json().details).toHaveProperty('jobTypeId');
    });

    it('warns about a duplicate customer by email, phone, or name and postcode', async () => {
      const existing = await createCustomer(app, {
        firstName: 'Kerensa',
        lastName: 'Jago',
        email: 'kerensa.jago@example.com',
        phone: '+447700900555',
        postcode: 'PL12 4AB',
      });
      const cases = [
        newCustomer({ email: 'KERENSA.JAGO@example.com' }),
        newCustomer({ email: null, phone: '07700 900555' }),
        newCustomer({
          firstName: 'kerensa',
          lastName: 'JAGO',
          address: { line1: '1', town: 'Saltash', postcode: 'pl124ab' },
        }),
      ];
      for (const customer of cases) {
        const res = await post('/api/orders', { partnerId, jobTypeId, customer });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'DUPLICATE_CUSTOMER',
          details: { customerIds: [existing.id] },
        });
      }
      const check = await get(
        '/api/customers/duplicates?email=kerensa.jago@example.com&phone=07700900555',
      );
      expect(check.json().matches[0]).toMatchObject({
        customer: { id: existing.id },
        matchedOn: ['email', 'phone'],
      });
      const allowed = await post('/api/orders', {
        partnerId,
        jobTypeId,
        customer: cases[0],
        allowDuplicateCustomer: true,
      });
      expect(allowed.statusCode).toBe(201);
    });

    it('refuses a partner reference the partner already used', async () => {
      const body = { partnerId, jobTypeId, partnerReference: 'SB-777' };
      expect((await post('/api/orders', { ...body, customer: newCustomer() })).statusCode).toBe(
        201,
      );
      const again = await post('/api/orders', { ...body, customer: newCustomer() });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('DUPLICATE_PARTNER_REFERENCE');
    });

    it.each(['contractor', 'engineer', 'customer'] as const)(
      'answers 403 to a %s',
      async (role) => {
        const { headers } = await signInAs(app, role);
        const res = await post(
          '/api/orders',
          { partnerId, jobTypeId, customer: newCustomer() },
          headers,
        );
        expect(res.statusCode).toBe(403);
      },
    );

    it('answers 401 without a session', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/orders' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('edit', () => {
    it('changes fields, writes an edited event, and checks the version', async () => {
      const order = await buildOrder(app, { partnerId, jobTypeId });
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers: backOffice,
        payload: {
          pricePence: 30_000,
          notes: 'Ladder needed',
          partnerReference: 'SB-EDIT-1',
          expectedVersion: 1,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json() as OrderDetail;
      expect(detail).toMatchObject({
        pricePence: 30_000,
        notes: 'Ladder needed',
        partnerReference: 'SB-EDIT-1',
        version: 2,
      });
      const edited = detail.timeline.find((e) => e.type === 'edited')!;
      expect(edited.data.changes).toMatchObject({ pricePence: { from: 19_900, to: 30_000 } });
      const found = (await get('/api/orders?q=sb-edit-1')).json() as OrderListResponse;
      expect(found.items.map((i) => i.id)).toEqual([order.id]);
      const stale = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers: backOffice,
        payload: { notes: 'x', expectedVersion: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('STALE_ORDER');
    });

    it.each([
      ['pricePence', { pricePence: 'free' }],
      ['payoutPence', { payoutPence: -5 }],
      ['jobTypeId', { jobTypeId: 'x' }],
      ['requestedDate', { requestedDate: '2026-13-45x' }],
    ])('refuses a bad %s', async (field, payload) => {
      const order = await buildOrder(app, { partnerId, jobTypeId });
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers: backOffice,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toHaveProperty(field);
    });

    it('answers 404 for an unknown order and 403 to a contractor', async () => {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/orders/00000000-0000-4000-8000-000000000000',
        headers: backOffice,
        payload: { notes: 'x' },
      });
      expect(res.statusCode).toBe(404);
      const { headers } = await signInAs(app, 'contractor');
      const order = await buildOrder(app, { partnerId, jobTypeId });
      const forbidden = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}`,
        headers,
        payload: { notes: 'x' },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  describe('list', () => {
    let listPartner: string;
    let listJobType: string;
    let contractorId: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      listPartner = (await createPartner(app)).id;
      listJobType = (await createJobType(app)).id;
      contractorId = (await createContractor(app)).id;
      const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
      const base = { partnerId: listPartner, jobTypeId: listJobType };
      ids.a = (
        await buildOrder(app, {
          ...base,
          status: 'received',
          receivedAt: day(1),
          partnerReference: 'LIST-A',
          customer: {
            firstName: 'Zennor',
            lastName: 'Kitto',
            postcode: 'TR26 1AB',
            phone: '+447700900777',
            email: 'zk@example.com',
          },
        })
      ).id;
      ids.b = (
        await buildOrder(app, {
          ...base,
          status: 'validated',
          kitStatus: 'dispatched',
          receivedAt: day(2),
          customer: { lastName: 'Bolitho', postcode: 'EX23 8AA' },
        })
      ).id;
      ids.c = (
        await buildOrder(app, {
          ...base,
          status: 'assigned',
          contractorId,
          kitStatus: 'arrived',
          receivedAt: day(3),
          customer: { lastName: 'Bolitho', postcode: 'PL15 7BB' },
        })
      ).id;
      ids.d = (
        await buildOrder(app, {
          ...base,
          status: 'on_hold',
          holdFromStatus: 'validated',
          receivedAt: new Date(),
          customer: { lastName: 'Vosper' },
        })
      ).id;
    });

    const list = async (query: string) => {
      const res = await get(`/api/orders?partnerId=${listPartner}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OrderListResponse;
    };
    const idsOf = (r: OrderListResponse) => r.items.map((i) => i.id);

    it('pages and sorts, newest first by default', async () => {
      const all = await list('');
      expect(all.total).toBe(4);
      expect(idsOf(all)).toEqual([ids.d, ids.c, ids.b, ids.a]);
      const page = await list('pageSize=2&page=2');
      expect(idsOf(page)).toEqual([ids.b, ids.a]);
      expect(page).toMatchObject({ total: 4, page: 2, pageSize: 2 });
      const asc = await list('sort=receivedAt&direction=asc');
      expect(idsOf(asc)).toEqual([ids.a, ids.b, ids.c, ids.d]);
      const byStatus = await list('sort=status&direction=asc');
      expect(byStatus.items.map((i) => i.status)).toEqual([
        'assigned',
        'on_hold',
        'received',
        'validated',
      ]);
    });

    it('filters by status, kit status, contractor, job type, SLA state and dates', async () => {
      expect(idsOf(await list('status=received,validated'))).toEqual([ids.b, ids.a]);
      expect(idsOf(await list('status=received&status=assigned'))).toEqual([ids.c, ids.a]);
      expect(idsOf(await list('kitStatus=dispatched'))).toEqual([ids.b]);
      expect(idsOf(await list(`contractorId=${contractorId}`))).toEqual([ids.c]);
      expect(idsOf(await list('contractorId=none'))).toEqual([ids.d, ids.b, ids.a]);
      expect((await list(`jobTypeId=${listJobType}`)).total).toBe(4);
      expect(idsOf(await list('slaState=on_track'))).toEqual([ids.d]);
      expect(idsOf(await list('slaState=breached'))).toEqual([ids.c, ids.b, ids.a]);
      expect((await list('slaState=at_risk')).total).toBe(0);
      expect(idsOf(await list('receivedFrom=2026-01-02&receivedTo=2026-01-03'))).toEqual([
        ids.c,
        ids.b,
      ]);
    });

    it('searches order number, partner reference, name, postcode, phone and email', async () => {
      const a = (await get(`/api/orders/${ids.a}`)).json() as OrderDetail;
      for (const q of [
        a.orderNumber,
        a.orderNumber.toLowerCase(),
        'list-a',
        'zennor kitto',
        'Kitto',
        'tr26 1ab',
        'TR261AB',
        '07700 900777',
        '+447700900777',
        'zk@example.com',
      ]) {
        expect(idsOf(await list(`q=${encodeURIComponent(q)}`)), q).toEqual([ids.a]);
      }
      expect(idsOf(await list('q=bolitho'))).toEqual([ids.c, ids.b]);
      expect((await list('q=nobody-by-this-name')).total).toBe(0);
      expect((await list('q=%25')).total).toBe(0);
    });

    it.each([
      'status=bogus',
      'kitStatus=lost',
      'slaState=late',
      'page=0',
      'pageSize=101',
      'sort=customer',
      'direction=up',
      'receivedFrom=yesterday',
      'contractorId=someone',
    ])('refuses %s with 400', async (query) => {
      const res = await get(`/api/orders?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('exports the filtered list as CSV', async () => {
      const res = await get(
        `/api/orders/export.csv?partnerId=${listPartner}&status=received,validated`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(
        /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toContain('Order number,Status,Kit status');
      expect(lines[0]).toContain('Price (GBP)');
      expect(lines).toHaveLength(3);
      expect(lines[2]).toContain('Received');
      expect(lines[2]).toContain('199.00');
      const bad = await get('/api/orders/export.csv?status=nope');
      expect(bad.statusCode).toBe(400);
      const { headers } = await signInAs(app, 'engineer');
      expect((await get('/api/orders/export.csv', headers)).statusCode).toBe(403);
    });

    it('answers 403 to a customer', async () => {
      const { headers } = await signInAs(app, 'customer');
      expect((await get('/api/orders', headers)).statusCode).toBe(403);
    });
  });

  describe('detail', () => {
    it('answers by id and by order number, with allowed actions', async () => {
      const order = await buildOrder(app, { partnerId, jobTypeId, status: 'customer_submitted' });
      const byId = await get(`/api/orders/${order.id}`);
      expect(byId.statusCode).toBe(200);
      const detail = byId.json() as OrderDetail;
      expect(detail.allowedActions.map((a) => a.action)).toEqual([
        'validate',
        'hold',
        'cancel',
        'dispatch_kit',
        'mark_kit_customer_supplied',
      ]);
      expect(detail.allowedActions.find((a) => a.action === 'cancel')!.needs).toEqual(['reason']);
      const byNumber = await get(`/api/orders/by-number/${order.orderNumber.toLowerCase()}`);
      expect(byNumber.statusCode).toBe(200);
      expect(byNumber.json().id).toBe(order.id);
    });

    it('answers 404 for unknown orders and 400 for a bad id', async () => {
      expect((await get('/api/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get('/api/orders/by-number/UPL-1999-000001')).statusCode).toBe(404);
      expect((await get('/api/orders/not-a-uuid')).statusCode).toBe(400);
    });
  });
});
