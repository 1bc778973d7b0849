import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { fillVisitRecord } from '../../../../tests/factories/visit-record';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { OrderDetail } from '@shared/orders/orders.contracts';

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
    expect(order.orderNumber).toMatch(/^UPL-\d{4}-\d{6}-[2-9A-HJKMNP-TV-Z]{4}$/);
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
      [
        engineerHeaders,
        'check-in',
        { offDayReason: 'Booked for 1 December; the customer asked for today' },
        'in_progress',
      ],
      // The engineer app records the visit here (photos, serials, speed test, signature).
      [engineerHeaders, 'complete', { notes: 'Dish on the south wall' }, 'completed'],
      [backOffice, 'close', {}, 'closed'],
    ];
    for (const [headers, path, payload, status] of steps) {
      if (path === 'complete') {
        const { visits } = (
          await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: backOffice })
        ).json() as OrderDetail;
        await fillVisitRecord(app, visits[0]!.id);
      }
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

  describe('scoping', () => {
    it('answers 404 (not 403) to another contractor and another engineer', async () => {
      const other = await createContractor(app);
      const otherContractor = (await signInAs(app, 'contractor', { contractorId: other.id }))
        .headers;
      const otherEngineer = (await signInAs(app, 'engineer', { contractorId: other.id })).headers;
      const offered = await buildOrder(app, {
        status: 'validated',
        contractorId,
        accepted: false,
        partnerId,
        jobTypeId,
      });
      const scheduled = await buildOrder(app, {
        status: 'scheduled',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      for (const [headers, path, order] of [
        [otherContractor, 'accept', offered],
        [otherContractor, 'decline', offered],
        [otherContractor, 'reschedule', scheduled],
        [otherEngineer, 'check-in', scheduled],
        [otherEngineer, 'fail', scheduled],
      ] as const) {
        const res = await post(headers, `/api/orders/${order.id}/${path}`, {
          reason: 'x',
          failureReason: 'no_access',
          engineerId,
          date: '2026-12-01',
          slot: 'pm',
        });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      }
      for (const headers of [otherContractor, otherEngineer]) {
        for (const order of [offered, scheduled]) {
          const res = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
          expect(res.statusCode).toBe(404);
        }
        const list = await app.inject({ method: 'GET', url: '/api/orders', headers });
        expect(list.json().total).toBe(0);
      }
    });

    it('lets the engineer see only orders with their visits', async () => {
      const mine = await buildOrder(app, {
        status: 'scheduled',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      const notMine = await buildOrder(app, {
        status: 'assigned',
        contractorId,
        partnerId,
        jobTypeId,
      });
      const list = await app.inject({
        method: 'GET',
        url: '/api/orders?pageSize=100',
        headers: engineerHeaders,
      });
      const ids = list.json().items.map((i: { id: string }) => i.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(notMine.id);
      const res = await app.inject({
        method: 'GET',
        url: `/api/orders/${notMine.id}`,
        headers: engineerHeaders,
      });
      expect(res.statusCode).toBe(404);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/orders/${mine.id}`,
        headers: engineerHeaders,
      });
      expect(detail.json().allowedActions.map((a: { action: string }) => a.action)).toEqual([
        'check_in',
        'fail',
      ]);
      expect(detail.json()).not.toHaveProperty('pricePence');
    });

    it('answers 403 when the role may never make the move', async () => {
      const order = await buildOrder(app, { status: 'customer_submitted', partnerId, jobTypeId });
      for (const [headers, path] of [
        [contractorHeaders, 'validate'],
        [engineerHeaders, 'hold'],
        [contractorHeaders, 'check-in'],
        [engineerHeaders, 'accept'],
        [contractorHeaders, 'kit/dispatch'],
        [engineerHeaders, 'close'],
      ] as const) {
        const res = await post(headers, `/api/orders/${order.id}/${path}`, {});
        expect(res.statusCode, path).toBe(403);
      }
      const { headers: customer } = await signInAs(app, 'customer');
      expect(
        (await post(customer, `/api/orders/${order.id}/submit-customer-form`)).statusCode,
      ).toBe(403);
    });
  });

  describe('moves with conditions', () => {
    it('lets the contractor decline with a reason, back to the queue', async () => {
      const order = await buildOrder(app, {
        status: 'validated',
        contractorId,
        accepted: false,
        partnerId,
        jobTypeId,
      });
      const missing = await post(contractorHeaders, `/api/orders/${order.id}/decline`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toHaveProperty('reason');
      const res = await post(contractorHeaders, `/api/orders/${order.id}/decline`, {
        reason: 'Too far',
      });
      expect(res.statusCode).toBe(204);
      const event = await app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}`,
        headers: backOffice,
      });
      expect(event.json()).toMatchObject({
        status: 'validated',
        contractor: null,
        assignmentState: 'unassigned',
      });
      expect(event.json().timeline.at(-1)).toMatchObject({
        type: 'decline',
        reason: 'Too far',
        actor: { role: 'contractor' },
      });
      // It is no longer the contractor's: 404.
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/orders/${order.id}`,
            headers: contractorHeaders,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses scheduling before the kit arrives unless back office overrides with a reason', async () => {
      const order = await buildOrder(app, {
        status: 'assigned',
        contractorId,
        kitStatus: 'dispatched',
        partnerId,
        jobTypeId,
      });
      const body = { engineerId, date: '2026-12-02', slot: 'all_day' };
      const byContractor = await post(contractorHeaders, `/api/orders/${order.id}/schedule`, {
        ...body,
        kitOverrideReason: 'Please',
      });
      expect(byContractor.statusCode).toBe(409);
      expect(byContractor.json().code).toBe('KIT_NOT_READY');
      const noReason = await post(backOffice, `/api/orders/${order.id}/schedule`, body);
      expect(noReason.json().code).toBe('KIT_NOT_READY');
      const res = await post(backOffice, `/api/orders/${order.id}/schedule`, {
        ...body,
        kitOverrideReason: 'Engineer carries the kit',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().visits[0]).toMatchObject({
        slot: 'all_day',
        kitOverrideReason: 'Engineer carries the kit',
        scheduledDate: '2026-12-02',
      });
      expect(res.json().timeline.at(-1)).toMatchObject({
        type: 'schedule',
        reason: 'Engineer carries the kit',
      });
    });

    it('refuses an engineer of another contractor, and bad schedule input', async () => {
      const other = await createContractor(app);
      const stranger = (await signInAs(app, 'engineer', { contractorId: other.id })).user;
      const order = await buildOrder(app, {
        status: 'assigned',
        contractorId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      const res = await post(contractorHeaders, `/api/orders/${order.id}/schedule`, {
        engineerId: stranger.id,
        date: '2026-12-02',
        slot: 'am',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ENGINEER_NOT_OF_CONTRACTOR');
      const cases: [string, Record<string, string>][] = [
        ['engineerId', { engineerId: 'x' }],
        ['date', { date: 'tomorrow' }],
        ['slot', { slot: 'evening' }],
      ];
      for (const [field, patch] of cases) {
        const bad = await post(contractorHeaders, `/api/orders/${order.id}/schedule`, {
          engineerId,
          date: '2026-12-02',
          slot: 'am',
          ...patch,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().details).toHaveProperty(field);
      }
    });

    it('reschedules the current visit', async () => {
      const order = await buildOrder(app, {
        status: 'scheduled',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      const res = await post(contractorHeaders, `/api/orders/${order.id}/reschedule`, {
        engineerId,
        date: '2026-12-09',
        slot: 'pm',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().visits).toHaveLength(1);
      expect(res.json().visits[0]).toMatchObject({
        scheduledDate: '2026-12-09',
        slot: 'pm',
        status: 'scheduled',
      });
    });

    it('records a failed visit with a reason; a revisit can then be scheduled', async () => {
      const order = await buildOrder(app, {
        status: 'in_progress',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      const bad = await post(engineerHeaders, `/api/orders/${order.id}/fail`, {
        failureReason: 'weather',
      });
      expect(bad.statusCode).toBe(400);
      const other = await post(engineerHeaders, `/api/orders/${order.id}/fail`, {
        failureReason: 'other',
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('REASON_REQUIRED');
      const res = await post(engineerHeaders, `/api/orders/${order.id}/fail`, {
        failureReason: 'obstructed',
        notes: 'Tree in the way',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'revisit_required' });
      expect(res.json().visits[0]).toMatchObject({
        status: 'failed',
        failureReason: 'obstructed',
        outcomeNotes: 'Tree in the way',
      });
      const again = await post(contractorHeaders, `/api/orders/${order.id}/schedule`, {
        engineerId,
        date: '2026-12-10',
        slot: 'am',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().visits).toHaveLength(2);
    });

    it('refuses completion without the record, whatever the body says (issue 18)', async () => {
      const order = await buildOrder(app, {
        status: 'in_progress',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      // The shortcut the issue found: a sign-off name and two serials in the body.
      const res = await post(engineerHeaders, `/api/orders/${order.id}/complete`, {
        customerSignOffName: 'Jenna Pascoe',
        serials: { dish: 'D1', router: 'R1' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'COMPLETION_INCOMPLETE',
        details: {
          missing: [
            'photo:site_before',
            'photo:mount',
            'photo:dish_installed',
            'photo:cable_entry',
            'photo:router_location',
            'photo:obstruction_check',
            'photo:speed_test',
            'photo:site_after',
            'serial:dish',
            'serial:router',
            'commissioning',
            'signature',
          ],
        },
      });
      expect(res.json().message).toContain('photo: Site before');
      expect(res.json().message).toContain('customer signature');
      const detail = (
        await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: backOffice })
      ).json() as OrderDetail;
      expect(detail.status).toBe('in_progress');
      expect(detail.visits[0]).toMatchObject({ status: 'in_progress', customerSignOffName: null });
    });

    it('cancels with a reason and cancels the open visit', async () => {
      const order = await buildOrder(app, {
        status: 'scheduled',
        contractorId,
        engineerId,
        kitStatus: 'arrived',
        partnerId,
        jobTypeId,
      });
      expect(
        (await post(backOffice, `/api/orders/${order.id}/cancel`, { reason: ' ' })).statusCode,
      ).toBe(400);
      const res = await post(backOffice, `/api/orders/${order.id}/cancel`, {
        reason: 'Customer moved house',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'Customer moved house',
      });
      expect(res.json().visits[0].status).toBe('cancelled');
      expect(res.json().allowedActions).toEqual([]);
    });

    it('dispatches kit with courier and tracking', async () => {
      const order = await buildOrder(app, { status: 'validated', partnerId, jobTypeId });
      const bad = await post(backOffice, `/api/orders/${order.id}/kit/dispatch`, {
        courier: 'DPD',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toHaveProperty('trackingNumber');
      const res = await post(backOffice, `/api/orders/${order.id}/kit/dispatch`, {
        courier: 'DPD',
        trackingNumber: '15501234',
      });
      expect(res.json()).toMatchObject({
        kitStatus: 'dispatched',
        courier: 'DPD',
        trackingNumber: '15501234',
      });
      const again = await post(backOffice, `/api/orders/${order.id}/kit/dispatch`, {
        courier: 'DPD',
        trackingNumber: '1',
      });
      expect(again.statusCode).toBe(409);
      const supplied = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
      const res2 = await post(backOffice, `/api/orders/${supplied.id}/kit/customer-supplied`);
      expect(res2.json().kitStatus).toBe('customer_supplied');
    });

    it('applies the contractor rate when assigning', async () => {
      const rated = await createContractor(app, { rates: [{ jobTypeId, payoutPence: 13_500 }] });
      const order = await buildOrder(app, { status: 'validated', partnerId, jobTypeId });
      const res = await post(backOffice, `/api/orders/${order.id}/assign`, {
        contractorId: rated.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        payoutPence: 13_500,
        assignmentState: 'offered',
        contractor: { id: rated.id },
      });
      const inactive = await createContractor(app, { active: false });
      const order2 = await buildOrder(app, { status: 'validated', partnerId, jobTypeId });
      const refused = await post(backOffice, `/api/orders/${order2.id}/assign`, {
        contractorId: inactive.id,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CONTRACTOR_INACTIVE');
    });

    it('refuses a stale expectedVersion', async () => {
      const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
      const res = await post(backOffice, `/api/orders/${order.id}/hold`, {
        reason: 'x',
        expectedVersion: 7,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('STALE_ORDER');
    });
  });

  describe('concurrency', () => {
    it('lets one of two racing moves win; the other gets 409 and the events stay consistent', async () => {
      for (let round = 0; round < 3; round += 1) {
        const order = await buildOrder(app, { status: 'validated', partnerId, jobTypeId });
        const results = await Promise.all([
          post(backOffice, `/api/orders/${order.id}/hold`, { reason: 'First' }),
          post(backOffice, `/api/orders/${order.id}/cancel`, {
            reason: 'Second',
            expectedVersion: 1,
          }),
          post(backOffice, `/api/orders/${order.id}/hold`, { reason: 'Third' }),
        ]);
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(2);
        const detail = (
          await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: backOffice })
        ).json() as OrderDetail;
        expect(detail.timeline).toHaveLength(2);
        const last = detail.timeline[1]!;
        expect(last.fromStatus).toBe('validated');
        expect(last.toStatus).toBe(detail.status);
        expect(detail.version).toBe(2);
      }
    });
  });
});
