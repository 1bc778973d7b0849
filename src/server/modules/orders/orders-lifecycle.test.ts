import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { OrderDetail } from '../../../shared/orders/orders.contracts';

describe('order lifecycle over HTTP', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractorHeaders: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let engineerId: string;
  let contractorId: string;
  let partnerId: string;
  let jobTypeId: string;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    const contractor = await createContractor(app, { coverageAreas: ['EX'] });
    contractorId = contractor.id;
    contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
    const engineer = await signInAs(app, 'engineer', { contractorId });
    engineerHeaders = engineer.headers;
    engineerId = engineer.user.id;
    partnerId = (await createPartner(app, { name: 'SBPM', code: 'SBPM' })).id;
    jobTypeId = (
      await createJobType(app, { defaultPricePence: 25_000, defaultPayoutPence: 15_000 })
    ).id;
  });

  const post = async (headers: AuthHeaders, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });

  it('takes an order from received to closed', async () => {
    const created = await post(backOffice, '/api/orders', {
      partnerId,
      partnerReference: 'SB-1001',
      jobTypeId,
      customer: {
        firstName: 'Jenna',
        lastName: 'Pascoe',
        email: 'Jenna.Pascoe@example.com',
        phone: '07700 900123',
        address: { line1: '3 Fore Street', town: 'Exeter', postcode: 'ex11aa' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as OrderDetail;
    expect(order.orderNumber).toMatch(/^UPL-\d{4}-\d{6}$/);
    expect(order.status).toBe('received');
    expect(order.pricePence).toBe(25_000);
    expect(order.payoutPence).toBe(15_000);
    expect(order.customer.address.postcode).toBe('EX1 1AA');
    expect(order.customer.phone).toBe('+447700900123');
    expect(order.customer.email).toBe('jenna.pascoe@example.com');
    expect(order.timeline.map((e) => e.type)).toEqual(['created']);
    expect(order.allowedActions.map((a) => a.action)).toContain('validate');

    const id = order.id;
    const steps: [AuthHeaders, string, object, string][] = [
      [backOffice, 'validate', {}, 'validated'],
      [backOffice, 'kit/dispatch', { courier: 'DPD', trackingNumber: 'TRK123' }, 'validated'],
      [backOffice, 'kit/arrived', {}, 'validated'],
      [backOffice, 'assign', { contractorId }, 'validated'],
      [contractorHeaders, 'accept', {}, 'assigned'],
      [contractorHeaders, 'schedule', { engineerId, date: '2026-12-01', slot: 'am' }, 'scheduled'],
      [engineerHeaders, 'check-in', {}, 'in_progress'],
      [
        engineerHeaders,
        'complete',
        { customerSignOffName: 'Jenna Pascoe', serials: { dish: 'D1', router: 'R1' } },
        'completed',
      ],
      [backOffice, 'close', {}, 'closed'],
    ];
    for (const [headers, path, payload, status] of steps) {
      const res = await post(headers, `/api/orders/${id}/${path}`, payload);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect((res.json() as OrderDetail).status).toBe(status);
    }
    const detail = (
      await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: backOffice })
    ).json() as OrderDetail;
    expect(detail.kitStatus).toBe('arrived');
    expect(detail.timeline.map((e) => e.type)).toEqual([
      'created',
      'validate',
      'dispatch_kit',
      'confirm_kit_arrived',
      'assign',
      'accept',
      'schedule',
      'check_in',
      'complete',
      'close',
    ]);
    expect(detail.visits).toHaveLength(1);
    expect(detail.visits[0]).toMatchObject({ status: 'completed', outcome: 'completed' });
    expect(detail.customer.validationStatus).toBe('validated');
  });

  it('refuses a move the lifecycle does not allow with 409 and a code', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const res = await post(backOffice, `/api/orders/${order.id}/close`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
  });

  it('holds and resumes to the status it left', async () => {
    const order = await buildOrder(app, { status: 'assigned', contractorId, partnerId, jobTypeId });
    const held = await post(backOffice, `/api/orders/${order.id}/hold`, {
      reason: 'Customer away',
    });
    expect(held.json()).toMatchObject({ status: 'on_hold', holdFromStatus: 'assigned' });
    const resumed = await post(backOffice, `/api/orders/${order.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'assigned', holdFromStatus: null });
  });

  it('hides the partner price from the contractor', async () => {
    const order = await buildOrder(app, { status: 'assigned', contractorId, partnerId, jobTypeId });
    const res = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: contractorHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('pricePence');
    const list = await app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: contractorHeaders,
    });
    expect(list.statusCode).toBe(200);
    for (const item of list.json().items) expect(item).not.toHaveProperty('pricePence');
  });
});
