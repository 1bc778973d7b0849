import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { londonDateOf } from '@shared/london-date';

describe('visits and dashboard API', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractorA: string;
  let contractorB: string;
  let engineerA: { id: string; headers: AuthHeaders };
  let engineerA2: { id: string; headers: AuthHeaders };
  let engineerB: { id: string; headers: AuthHeaders };
  const today = londonDateOf(new Date());

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    contractorA = (await createContractor(app)).id;
    contractorB = (await createContractor(app)).id;
    const make = async (contractorId: string) => {
      const { user, headers } = await signInAs(app, 'engineer', { contractorId });
      return { id: user.id, headers };
    };
    engineerA = await make(contractorA);
    engineerA2 = await make(contractorA);
    engineerB = await make(contractorB);
    await buildOrder(app, {
      status: 'scheduled',
      contractorId: contractorA,
      engineerId: engineerA.id,
      kitStatus: 'arrived',
      visitDate: today,
    });
    await buildOrder(app, {
      status: 'scheduled',
      contractorId: contractorA,
      engineerId: engineerA2.id,
      kitStatus: 'arrived',
      visitDate: '2030-01-02',
    });
    await buildOrder(app, {
      status: 'in_progress',
      contractorId: contractorB,
      engineerId: engineerB.id,
      kitStatus: 'arrived',
      visitDate: today,
    });
  });

  const visitsFor = async (headers: AuthHeaders, query = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/visits${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      engineer: { id: string };
      contractorId: string;
      scheduledDate: string;
      order: { orderNumber: string };
    }[];
  };

  it('scopes visits: back office all, contractor its company, engineer their own', async () => {
    expect(await visitsFor(backOffice)).toHaveLength(3);
    const contractorHeaders = (await signInAs(app, 'contractor', { contractorId: contractorA }))
      .headers;
    const company = await visitsFor(contractorHeaders);
    expect(company.map((v) => v.contractorId)).toEqual([contractorA, contractorA]);
    const own = await visitsFor(engineerA.headers);
    expect(own.map((v) => v.engineer.id)).toEqual([engineerA.id]);
    expect(own[0]!.order.orderNumber).toMatch(/^UPL-/);
    const dual = (
      await signInAs(app, 'contractor', {
        contractorId: contractorB,
        additionalRoles: ['engineer'],
      })
    ).headers;
    expect((await visitsFor(dual)).map((v) => v.contractorId)).toEqual([contractorB]);
  });

  it('filters by date range and refuses bad filters', async () => {
    expect(await visitsFor(backOffice, `?from=${today}&to=${today}`)).toHaveLength(2);
    expect(await visitsFor(backOffice, '?from=2030-01-01')).toHaveLength(1);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/visits?from=soon',
      headers: backOffice,
    });
    expect(bad.statusCode).toBe(400);
    const { headers } = await signInAs(app, 'customer');
    expect((await app.inject({ method: 'GET', url: '/api/visits', headers })).statusCode).toBe(403);
  });

  it('builds the dashboard from live data', async () => {
    await buildOrder(app, { status: 'validated', kitStatus: 'dispatched' });
    await buildOrder(app, {
      status: 'received',
      receivedAt: new Date(Date.now() - 20 * 24 * 3600 * 1000),
    });
    await buildOrder(app, {
      status: 'customer_submitted',
      receivedAt: new Date(Date.now() - 11 * 24 * 3600 * 1000),
    });
    const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: backOffice });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ordersByStatus).toMatchObject({
      scheduled: 2,
      in_progress: 1,
      validated: 1,
      received: 1,
      customer_submitted: 1,
      closed: 0,
    });
    expect(body.sla).toEqual({ atRisk: 1, breached: 1 });
    expect(body.kit).toEqual({ awaitingDispatch: 2, awaitingArrival: 1 });
    expect(body.awaitingAssignment).toBe(1);
    expect(body.todaysVisits).toHaveLength(2);
    expect(body.recentEvents.length).toBeGreaterThanOrEqual(6);
    expect(body.recentEvents[0].orderNumber).toMatch(/^UPL-/);

    // A move shows up at once.
    const order = await buildOrder(app, { status: 'received' });
    await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/hold`,
      headers: backOffice,
      payload: { reason: 'Waiting' },
    });
    const after = (
      await app.inject({ method: 'GET', url: '/api/dashboard', headers: backOffice })
    ).json();
    expect(after.ordersByStatus.on_hold).toBe(1);
    expect(after.recentEvents[0]).toMatchObject({
      type: 'hold',
      orderId: order.id,
      reason: 'Waiting',
    });
  });

  it.each(['contractor', 'engineer', 'customer'] as const)('answers 403 to a %s', async (role) => {
    const { headers } = await signInAs(app, role);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard', headers })).statusCode).toBe(
      403,
    );
  });
});
