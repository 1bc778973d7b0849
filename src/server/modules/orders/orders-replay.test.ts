import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../visits/visits.schema';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

// A replayed `schedule` (the offline engineer app, the partner API) must never book a second
// visit; idempotency keys answer replays first, this is the guarantee underneath them.
describe('replayed schedule', () => {
  let app: TestApp;
  let contractorHeaders: AuthHeaders;
  let contractorId: string;
  let engineerId: string;
  let partnerId: string;
  let jobTypeId: string;
  const body = (date = '2026-12-01') => ({ date, slot: 'am', engineerId });

  beforeAll(async () => {
    app = await createTestApp();
    contractorId = (await createContractor(app, { coverageAreas: ['EX'] })).id;
    contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
    engineerId = (await signInAs(app, 'engineer', { contractorId })).user.id;
    partnerId = (await createPartner(app)).id;
    jobTypeId = (await createJobType(app)).id;
  });

  const schedule = (orderId: string, date?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/schedule`,
      headers: contractorHeaders,
      payload: body(date),
    });
  const visitsOf = (orderId: string) =>
    app.deps.database.db.select().from(visits).where(eq(visits.orderId, orderId));

  it('refuses a second schedule and keeps one visit', async () => {
    const order = await buildOrder(app, {
      status: 'assigned',
      contractorId,
      kitStatus: 'arrived',
      partnerId,
      jobTypeId,
    });
    const first = await schedule(order.id);
    expect(first.statusCode, first.body).toBe(200);
    const again = await schedule(order.id, '2026-12-02');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    const rows = await visitsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scheduledDate).toBe('2026-12-01');
  });

  it('books one visit when the same schedule arrives twice at once', async () => {
    const order = await buildOrder(app, {
      status: 'assigned',
      contractorId,
      kitStatus: 'arrived',
      partnerId,
      jobTypeId,
    });
    // A day of its own: the first test's visit holds the engineer's 1 December morning.
    const results = await Promise.all([
      schedule(order.id, '2026-12-03'),
      schedule(order.id, '2026-12-03'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await visitsOf(order.id)).toHaveLength(1);
  });

  it('refuses to book a second visit even when the status says none is booked', async () => {
    // An order whose status lags behind its visits: the effect checks the visits themselves.
    const order = await buildOrder(app, {
      status: 'assigned',
      contractorId,
      engineerId,
      kitStatus: 'arrived',
      partnerId,
      jobTypeId,
    });
    expect(await visitsOf(order.id)).toHaveLength(1);
    const res = await schedule(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVALID_TRANSITION');
    expect(await visitsOf(order.id)).toHaveLength(1);
  });
});
