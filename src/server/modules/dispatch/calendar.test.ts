import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dispatchErrorCodes } from '@shared/error-codes';
import type { Calendar } from '@shared/dispatch/dispatch.contracts';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { orderEvents } from '../orders/order-events.schema';
import { visits } from '../visits/visits.schema';

// Issue 25: the back office's calendar: every contractor's visits by week, filtered by
// contractor and status, and moves under the board's rules.

const monday = '2030-02-04';
const tuesday = '2030-02-05';
const saturday = '2030-02-09';

describe('the back-office calendar', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractor: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let companyA: string;
  let companyB: string;
  let annaId: string;
  let benId: string;
  let otherCompanyEngineerId: string;

  beforeAll(async () => {
    app = await createTestApp();
    companyA = (await createContractor(app, { name: 'Alpha Aerials' })).id;
    companyB = (await createContractor(app, { name: 'Beta Dishes' })).id;
    contractor = (await signInAs(app, 'contractor', { contractorId: companyA })).headers;
    const anna = await signInAs(app, 'engineer', {
      contractorId: companyA,
      firstName: 'Anna',
      lastName: 'Able',
    });
    annaId = anna.user.id;
    engineerHeaders = anna.headers;
    benId = (
      await signInAs(app, 'engineer', {
        contractorId: companyA,
        firstName: 'Ben',
        lastName: 'Bold',
      })
    ).user.id;
    otherCompanyEngineerId = (
      await signInAs(app, 'engineer', {
        contractorId: companyB,
        firstName: 'Cara',
        lastName: 'Calm',
      })
    ).user.id;
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const db = () => app.deps.database.db;
  const get = (headers: AuthHeaders, url: string) => app.inject({ method: 'GET', url, headers });
  const post = (headers: AuthHeaders, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });

  async function bookedVisit(contractorId: string, engineerId: string, status = 'scheduled') {
    const order = await buildOrder(app, {
      status: status === 'completed' ? 'completed' : 'scheduled',
      kitStatus: 'arrived',
      contractorId,
      engineerId,
      visitDate: monday,
    });
    const [visit] = await db().select().from(visits).where(eq(visits.orderId, order.id));
    if (status !== 'scheduled') {
      await db()
        .update(visits)
        .set({ status: status as 'completed' })
        .where(eq(visits.id, visit!.id));
    }
    return { order, visitId: visit!.id };
  }

  it('shows every contractor’s visits of the week, each engineer with their company', async () => {
    const a = await bookedVisit(companyA, annaId);
    const b = await bookedVisit(companyB, otherCompanyEngineerId);
    const res = await get(backOffice, `/api/dispatch/calendar?week=${tuesday}`);
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json() as Calendar;
    expect(calendar.weekStart).toBe(monday);
    expect(calendar.waiting).toEqual([]);
    const ids = calendar.visits.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining([a.visitId, b.visitId]));
    expect(calendar.engineers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: annaId, contractorName: 'Alpha Aerials' }),
        expect.objectContaining({ id: otherCompanyEngineerId, contractorName: 'Beta Dishes' }),
      ]),
    );
    expect(JSON.stringify(calendar)).not.toMatch(/pricePence/);

    const onlyB = (
      await get(backOffice, `/api/dispatch/calendar?week=${monday}&contractorId=${companyB}`)
    ).json() as Calendar;
    expect(onlyB.visits.map((v) => v.id)).toContain(b.visitId);
    expect(onlyB.visits.map((v) => v.id)).not.toContain(a.visitId);
    expect(new Set(onlyB.engineers.map((e) => e.contractorId))).toEqual(new Set([companyB]));
  });

  it('filters by visit status', async () => {
    const done = await bookedVisit(companyA, benId, 'completed');
    const open = await bookedVisit(companyA, annaId);
    const completed = (
      await get(backOffice, `/api/dispatch/calendar?week=${monday}&status=completed`)
    ).json() as Calendar;
    expect(completed.visits.map((v) => v.id)).toContain(done.visitId);
    expect(completed.visits.map((v) => v.id)).not.toContain(open.visitId);
    expect(completed.visits.every((v) => v.status === 'completed')).toBe(true);
  });

  it('refuses bad filters and every role but back office', async () => {
    expect((await get(backOffice, '/api/dispatch/calendar?week=05/02/2030')).statusCode).toBe(400);
    expect((await get(backOffice, '/api/dispatch/calendar?status=lost')).statusCode).toBe(400);
    expect((await get(backOffice, '/api/dispatch/calendar?contractorId=nope')).statusCode).toBe(
      400,
    );
    expect((await get(contractor, '/api/dispatch/calendar')).statusCode).toBe(403);
    expect((await get(engineerHeaders, '/api/dispatch/calendar')).statusCode).toBe(403);
  });

  it('moves a visit to another engineer of its contractor, as back office, with the reason', async () => {
    const { order, visitId } = await bookedVisit(companyA, annaId);
    const url = `/api/dispatch/calendar/visits/${visitId}/move`;
    const res = await post(backOffice, url, {
      engineerId: benId,
      date: tuesday,
      slot: 'pm',
      reason: 'Ben is closer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visit).toMatchObject({ engineerId: benId, date: tuesday, slot: 'pm' });
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'reschedule')));
    expect(event).toMatchObject({ actorRole: 'back_office', reason: 'Ben is closer' });
  });

  it('keeps the board’s rules: own contractor’s engineers, room, working days, a reason', async () => {
    const { visitId } = await bookedVisit(companyA, annaId);
    await bookedVisit(companyA, benId); // Ben's Monday morning is taken
    const url = `/api/dispatch/calendar/visits/${visitId}/move`;
    const other = await post(backOffice, url, {
      engineerId: otherCompanyEngineerId,
      date: tuesday,
      slot: 'am',
      reason: 'Try the other firm',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(dispatchErrorCodes.engineerOfAnotherCompany);
    const full = await post(backOffice, url, {
      engineerId: benId,
      date: monday,
      slot: 'am',
      reason: 'Ben is free?',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe(dispatchErrorCodes.engineerFull);
    const weekend = await post(backOffice, url, {
      engineerId: annaId,
      date: saturday,
      slot: 'am',
      reason: 'Saturday',
    });
    expect(weekend.statusCode).toBe(400);
    const noReason = await post(backOffice, url, { engineerId: benId, date: tuesday, slot: 'am' });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await post(contractor, url, { engineerId: benId, date: tuesday, slot: 'am', reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const missing = await post(
      backOffice,
      '/api/dispatch/calendar/visits/00000000-0000-4000-8000-000000000000/move',
      { engineerId: benId, date: tuesday, slot: 'am', reason: 'x' },
    );
    expect(missing.statusCode).toBe(404);
  });
});
