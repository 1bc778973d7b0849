import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { orderEvents } from '../orders/order-events.schema';
import { orders } from '../orders/orders.schema';
import { visits } from '../visits/visits.schema';
import { defaultMapTileUrl } from '../settings/settings.service';

// A week safely in the future: Monday 7 January 2030 to Sunday 13 January.
const monday = '2030-01-07';
const tuesday = '2030-01-08';
const wednesday = '2030-01-09';
const saturday = '2030-01-12';

describe('dispatch board API', () => {
  let app: TestApp;
  let companyA: string;
  let companyB: string;
  let contractor: AuthHeaders;
  let otherContractor: AuthHeaders;
  let backOffice: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let ownerId: string;
  let samId: string;
  let disabledId: string;
  let otherEngineerId: string;

  beforeAll(async () => {
    app = await createTestApp();
    companyA = (await createContractor(app, { coverageAreas: ['PL'] })).id;
    companyB = (await createContractor(app)).id;
    const owner = await signInAs(app, 'contractor', {
      contractorId: companyA,
      additionalRoles: ['engineer'],
      firstName: 'Olive',
      lastName: 'Owner',
    });
    contractor = owner.headers;
    ownerId = owner.user.id;
    const sam = await signInAs(app, 'engineer', {
      contractorId: companyA,
      firstName: 'Sam',
      lastName: 'Penrose',
    });
    samId = sam.user.id;
    engineerHeaders = sam.headers;
    disabledId = (
      await signInAs(app, 'engineer', {
        contractorId: companyA,
        firstName: 'Dan',
        lastName: 'Gone',
        status: 'disabled',
      })
    ).user.id;
    otherContractor = (await signInAs(app, 'contractor', { contractorId: companyB })).headers;
    otherEngineerId = (await signInAs(app, 'engineer', { contractorId: companyB })).user.id;
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const db = () => app.deps.database.db;
  const get = (headers: AuthHeaders | Record<string, never>, url: string) =>
    app.inject({ method: 'GET', url, headers });
  const post = (headers: AuthHeaders, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });

  /** An accepted order of company A waiting to be scheduled. */
  const waitingOrder = (overrides: Parameters<typeof buildOrder>[1] = {}) =>
    buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId: companyA,
      customer: { postcode: 'PL12 4QN', town: 'Saltash' },
      ...overrides,
    });

  const schedule = (orderId: string, body: object, headers = contractor) =>
    post(headers, `/api/dispatch/orders/${orderId}/schedule`, body);

  describe('GET /api/dispatch/board', () => {
    it('shows the week: working days, the company’s engineers with the owner, visits and waiting orders', async () => {
      const waiting = await waitingOrder();
      const booked = await buildOrder(app, {
        status: 'scheduled',
        kitStatus: 'arrived',
        contractorId: companyA,
        engineerId: samId,
        visitDate: tuesday,
      });
      const otherCompany = await buildOrder(app, {
        status: 'assigned',
        kitStatus: 'arrived',
        contractorId: companyB,
      });

      const res = await get(contractor, `/api/dispatch/board?week=${wednesday}`);
      expect(res.statusCode, res.body).toBe(200);
      const board = res.json();
      expect(board.weekStart).toBe(monday);
      expect(board.previousWeek).toBe('2029-12-31');
      expect(board.nextWeek).toBe('2030-01-14');
      expect(board.days.map((d: { date: string }) => d.date)).toEqual([
        monday,
        tuesday,
        wednesday,
        '2030-01-10',
        '2030-01-11',
      ]);
      const engineers = board.engineers as { id: string; owner: boolean }[];
      expect(engineers.map((e) => e.id).sort()).toEqual([ownerId, samId].sort());
      expect(engineers.find((e) => e.id === ownerId)!.owner).toBe(true);
      expect(board.visits).toEqual([
        expect.objectContaining({ orderId: booked.id, engineerId: samId, date: tuesday }),
      ]);
      const waitingIds = (board.waiting as { id: string }[]).map((o) => o.id);
      expect(waitingIds).toContain(waiting.id);
      expect(waitingIds).not.toContain(otherCompany.id);
      // PRODUCT.md: never the partner price.
      expect(res.body).not.toMatch(/price/i);
      expect(res.body).not.toContain('19900');
    });

    it('refuses a date that does not exist', async () => {
      for (const week of ['2030-02-30', 'next', '2030-1-7']) {
        const res = await get(contractor, `/api/dispatch/board?week=${week}`);
        expect(res.statusCode, week).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('is for contractors only', async () => {
      expect((await get({}, '/api/dispatch/board')).statusCode).toBe(401);
      expect((await get(backOffice, '/api/dispatch/board')).statusCode).toBe(403);
      expect((await get(engineerHeaders, '/api/dispatch/board')).statusCode).toBe(403);
    });
  });

  describe('POST /api/dispatch/orders/:id/schedule', () => {
    it('books the visit through the lifecycle: an order event and its domain event', async () => {
      const order = await waitingOrder();
      const res = await schedule(order.id, { engineerId: samId, date: wednesday, slot: 'am' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().visit).toMatchObject({
        orderId: order.id,
        engineerId: samId,
        date: wednesday,
        slot: 'am',
        status: 'scheduled',
      });
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('scheduled');
      const events = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'schedule')));
      expect(events).toHaveLength(1);
      expect(events[0]!.actorRole).toBe('contractor');
      const published = await db()
        .select()
        .from(domainEvents)
        .where(
          and(eq(domainEvents.aggregateId, order.id), eq(domainEvents.type, 'order.schedule')),
        );
      expect(published).toHaveLength(1);
    });

    it('lets the dual-role owner take a visit', async () => {
      const order = await waitingOrder();
      const res = await schedule(order.id, { engineerId: ownerId, date: monday, slot: 'all_day' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a full slot: one all-day, or one AM and one PM a day', async () => {
      const first = await waitingOrder();
      expect(
        (await schedule(first.id, { engineerId: samId, date: '2030-01-10', slot: 'pm' }))
          .statusCode,
      ).toBe(200);
      const second = await waitingOrder();
      const samePm = await schedule(second.id, {
        engineerId: samId,
        date: '2030-01-10',
        slot: 'pm',
      });
      expect(samePm.statusCode).toBe(409);
      expect(samePm.json()).toMatchObject({ code: 'ENGINEER_FULL' });
      expect(samePm.json().message).toContain('Sam Penrose is full');
      const allDay = await schedule(second.id, {
        engineerId: samId,
        date: '2030-01-10',
        slot: 'all_day',
      });
      expect(allDay.json().code).toBe('ENGINEER_FULL');
      // The morning is still free.
      const am = await schedule(second.id, { engineerId: samId, date: '2030-01-10', slot: 'am' });
      expect(am.statusCode, am.body).toBe(200);
      const [row] = await db().select().from(orders).where(eq(orders.id, second.id));
      expect(row!.status).toBe('scheduled');
    });

    it('refuses a day that is not a working day, a past day, an inactive engineer, kit not there', async () => {
      const order = await waitingOrder();
      const weekend = await schedule(order.id, { engineerId: samId, date: saturday, slot: 'am' });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json()).toEqual({
        code: 'NOT_WORKING_DAY',
        message: 'Saturday 12 January is not a working day.',
        details: { date: ['Saturday 12 January is not a working day.'] },
      });
      const past = await schedule(order.id, { engineerId: samId, date: '2020-01-06', slot: 'am' });
      expect(past.json().code).toBe('DATE_IN_PAST');
      const inactive = await schedule(order.id, {
        engineerId: disabledId,
        date: monday,
        slot: 'am',
      });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().code).toBe('ENGINEER_INACTIVE');

      const noKit = await waitingOrder({ kitStatus: 'dispatched' });
      const kit = await schedule(noKit.id, { engineerId: samId, date: monday, slot: 'pm' });
      expect(kit.statusCode).toBe(409);
      expect(kit.json().code).toBe('KIT_NOT_READY');
      // A contractor cannot override (back office only, PRODUCT.md).
      const overridden = await schedule(noKit.id, {
        engineerId: samId,
        date: monday,
        slot: 'pm',
        kitOverrideReason: 'Engineer carries one',
      });
      expect(overridden.statusCode).toBe(409);
      expect(overridden.json().code).toBe('KIT_NOT_READY');
      const [row] = await db().select().from(orders).where(eq(orders.id, noKit.id));
      expect(row!.status).toBe('assigned');
    });

    it('answers 404 for another company’s order or engineer', async () => {
      const theirs = await buildOrder(app, {
        status: 'assigned',
        kitStatus: 'arrived',
        contractorId: companyB,
      });
      const res = await schedule(theirs.id, { engineerId: samId, date: monday, slot: 'am' });
      expect(res.statusCode).toBe(404);
      const ours = await waitingOrder();
      const theirEngineer = await schedule(ours.id, {
        engineerId: otherEngineerId,
        date: monday,
        slot: 'am',
      });
      expect(theirEngineer.statusCode).toBe(404);
      const backOfficeUser = await schedule(ours.id, {
        engineerId: (await signInAs(app, 'back_office', { contractorId: companyA })).user.id,
        date: monday,
        slot: 'am',
      });
      expect(backOfficeUser.statusCode).toBe(404);
      const byOtherContractor = await schedule(
        ours.id,
        { engineerId: samId, date: monday, slot: 'am' },
        otherContractor,
      );
      expect(byOtherContractor.statusCode).toBe(404);
    });

    it('refuses bad input and other roles', async () => {
      const order = await waitingOrder();
      for (const body of [
        { engineerId: samId, date: monday, slot: 'evening' },
        { engineerId: 'sam', date: monday, slot: 'am' },
        { engineerId: samId, date: '2030-02-30', slot: 'am' },
        { engineerId: samId, slot: 'am' },
      ]) {
        const res = await schedule(order.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const body = { engineerId: samId, date: monday, slot: 'am' };
      expect((await schedule(order.id, body, backOffice)).statusCode).toBe(403);
      expect((await schedule(order.id, body, engineerHeaders)).statusCode).toBe(403);
      expect((await post(contractor, '/api/dispatch/orders/nope/schedule', body)).statusCode).toBe(
        400,
      );
    });
  });

  describe('moving and unscheduling a visit', () => {
    async function bookedVisit(date = wednesday, slot: 'am' | 'pm' | 'all_day' = 'pm') {
      const order = await waitingOrder();
      const res = await schedule(order.id, { engineerId: ownerId, date, slot });
      expect(res.statusCode, res.body).toBe(200);
      return { order, visitId: res.json().visit.id as string };
    }
    const move = (visitId: string, body: object, headers = contractor) =>
      post(headers, `/api/dispatch/visits/${visitId}/move`, body);
    const unschedule = (visitId: string, body: object, headers = contractor) =>
      post(headers, `/api/dispatch/visits/${visitId}/unschedule`, body);

    it('moves a visit to another engineer and day with a reason, as a reschedule event', async () => {
      const { order, visitId } = await bookedVisit();
      const res = await move(visitId, {
        engineerId: samId,
        date: '2030-01-11',
        slot: 'all_day',
        reason: 'Olive is on a course',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().visit).toMatchObject({
        id: visitId,
        engineerId: samId,
        date: '2030-01-11',
        slot: 'all_day',
      });
      const [event] = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'reschedule')));
      expect(event!.reason).toBe('Olive is on a course');
      expect(event!.data).toMatchObject({ to: { engineerId: samId, date: '2030-01-11' } });
    });

    it('refuses a move without a reason, onto a full slot, or to where it already is', async () => {
      const { visitId } = await bookedVisit(tuesday, 'am');
      const noReason = await move(visitId, { engineerId: ownerId, date: tuesday, slot: 'pm' });
      expect(noReason.statusCode).toBe(400);
      const blank = await move(visitId, {
        engineerId: ownerId,
        date: tuesday,
        slot: 'pm',
        reason: '   ',
      });
      expect(blank.statusCode).toBe(400);
      const { visitId: other } = await bookedVisit(tuesday, 'pm');
      const full = await move(other, {
        engineerId: ownerId,
        date: tuesday,
        slot: 'am',
        reason: 'Swap',
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('ENGINEER_FULL');
      const same = await move(other, {
        engineerId: ownerId,
        date: tuesday,
        slot: 'pm',
        reason: 'Nothing',
      });
      expect(same.statusCode).toBe(409);
      expect(same.json().code).toBe('CONFLICT');
      const weekend = await move(other, {
        engineerId: ownerId,
        date: saturday,
        slot: 'pm',
        reason: 'Weekend',
      });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json().code).toBe('NOT_WORKING_DAY');
    });

    it('unschedules with a reason: the visit is cancelled and the order waits again', async () => {
      const { order, visitId } = await bookedVisit('2030-01-11', 'am');
      expect((await unschedule(visitId, {})).statusCode).toBe(400);
      const res = await unschedule(visitId, { reason: 'Customer asked to wait' });
      expect(res.statusCode, res.body).toBe(204);
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('assigned');
      const [visit] = await db().select().from(visits).where(eq(visits.id, visitId));
      expect(visit!.status).toBe('cancelled');
      const [event] = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'unschedule')));
      expect(event).toMatchObject({ reason: 'Customer asked to wait', toStatus: 'assigned' });
      const board = (await get(contractor, `/api/dispatch/board?week=${monday}`)).json();
      expect(board.waiting.map((o: { id: string }) => o.id)).toContain(order.id);
      expect(board.visits.map((v: { id: string }) => v.id)).not.toContain(visitId);
      // Gone from the board: it can no longer move.
      const again = await unschedule(visitId, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('VISIT_NOT_MOVABLE');
      const moved = await move(visitId, {
        engineerId: samId,
        date: monday,
        slot: 'am',
        reason: 'x',
      });
      expect(moved.json().code).toBe('VISIT_NOT_MOVABLE');
    });

    it('answers 404 for another company’s visit, and refuses other roles', async () => {
      const { visitId } = await bookedVisit('2030-01-10', 'all_day');
      const body = { engineerId: samId, date: monday, slot: 'pm', reason: 'Because' };
      expect((await move(visitId, body, otherContractor)).statusCode).toBe(404);
      expect((await unschedule(visitId, { reason: 'x' }, otherContractor)).statusCode).toBe(404);
      expect((await move(visitId, body, backOffice)).statusCode).toBe(403);
      expect((await unschedule(visitId, { reason: 'x' }, engineerHeaders)).statusCode).toBe(403);
      const theirEngineer = await move(visitId, { ...body, engineerId: otherEngineerId });
      expect(theirEngineer.statusCode).toBe(404);
      expect((await move('not-a-uuid', body)).statusCode).toBe(400);
    });
  });

  describe('GET /api/dispatch/map and the tile setting', () => {
    it('places waiting orders by postcode district, with the tile URL from the settings', async () => {
      const order = await waitingOrder({ customer: { postcode: 'PL12 6LF', town: 'Saltash' } });
      const res = await get(contractor, '/api/dispatch/map');
      expect(res.statusCode, res.body).toBe(200);
      const map = res.json();
      expect(map.tileUrl).toBe(defaultMapTileUrl);
      const point = map.points.find((p: { orderId: string }) => p.orderId === order.id);
      expect(point).toMatchObject({ district: 'PL12', latitude: 50.41, longitude: -4.23 });
      expect(res.body).not.toMatch(/price/i);
      expect((await get(otherContractor, '/api/dispatch/map')).json().points).not.toContainEqual(
        expect.objectContaining({ orderId: order.id }),
      );
      expect((await get(backOffice, '/api/dispatch/map')).statusCode).toBe(403);
    });

    it('lets back office set the tile server, and the page CSP allows its origin', async () => {
      const put = (headers: AuthHeaders, tileUrl: string) =>
        app.inject({
          method: 'PUT',
          url: '/api/settings/map-tiles',
          headers,
          payload: { tileUrl },
        });
      expect((await put(contractor, 'http://127.0.0.1:9/{z}/{x}/{y}.png')).statusCode).toBe(403);
      const bad = await put(backOffice, 'ftp://tiles.example.com/{z}/{x}/{y}.png');
      expect(bad.statusCode).toBe(400);
      expect((await put(backOffice, 'https://tiles.example.com/tiles.png')).statusCode).toBe(400);
      const ok = await put(backOffice, 'https://tiles.example.com/{z}/{x}/{y}.png');
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await get(contractor, '/api/settings/map-tiles')).json()).toEqual({
        tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      });
      expect((await get(contractor, '/api/dispatch/map')).json().tileUrl).toBe(
        'https://tiles.example.com/{z}/{x}/{y}.png',
      );
      const page = await get({}, '/contractor/map');
      expect(String(page.headers['content-security-policy'])).toContain(
        'https://tiles.example.com',
      );
      await put(backOffice, defaultMapTileUrl);
    });
  });
  describe('the days and slots /settings allows (issue 21, decision 071)', () => {
    const putSettings = (section: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/settings/${section}`, headers: backOffice, payload });
    const allSlots = {
      am: { offered: true, start: '08:00', end: '12:00' },
      pm: { offered: true, start: '12:00', end: '17:00' },
      all_day: { offered: true },
    };
    let holidaysBefore: unknown;

    beforeAll(async () => {
      holidaysBefore = (await get(backOffice, '/api/settings/general')).json().bankHolidays
        .bankHolidays;
    });
    afterAll(async () => {
      expect(
        (await putSettings('booking', { workingDays: [1, 2, 3, 4, 5], slots: allSlots }))
          .statusCode,
      ).toBe(200);
      expect(
        (await putSettings('bank-holidays', { bankHolidays: holidaysBefore })).statusCode,
      ).toBe(200);
    });

    it('offers the board only the slots offered, and marks a bank holiday, at once after a save', async () => {
      const before = (await get(contractor, `/api/dispatch/board?week=${monday}`)).json();
      expect(before.slots).toEqual(['am', 'pm', 'all_day']);
      expect(before.days[2]).toEqual({ date: wednesday, working: true, holiday: null });

      const saved = await putSettings('booking', {
        workingDays: [1, 2, 3, 4, 5],
        slots: { ...allSlots, pm: { ...allSlots.pm, offered: false } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const holidays = await putSettings('bank-holidays', {
        bankHolidays: [...(holidaysBefore as object[]), { date: wednesday, name: 'Test holiday' }],
      });
      expect(holidays.statusCode, holidays.body).toBe(200);

      const after = (await get(contractor, `/api/dispatch/board?week=${monday}`)).json();
      expect(after.slots).toEqual(['am', 'all_day']);
      // A bank holiday on a working weekday stays on the board, marked, and takes nothing.
      expect(after.days[2]).toEqual({ date: wednesday, working: false, holiday: 'Test holiday' });
    });

    it('refuses a slot not offered and a bank holiday with the reason on the field', async () => {
      const order = await waitingOrder();
      const pm = await schedule(order.id, { engineerId: samId, date: monday, slot: 'pm' });
      expect(pm.statusCode).toBe(400);
      expect(pm.json()).toEqual({
        code: 'SLOT_NOT_OFFERED',
        message: 'The PM slot is not offered.',
        details: { slot: ['The PM slot is not offered.'] },
      });
      const holiday = await schedule(order.id, { engineerId: samId, date: wednesday, slot: 'am' });
      expect(holiday.statusCode).toBe(400);
      expect(holiday.json()).toEqual({
        code: 'NOT_WORKING_DAY',
        message: 'Wednesday 9 January is a bank holiday (Test holiday).',
        details: { date: ['Wednesday 9 January is a bank holiday (Test holiday).'] },
      });
      const both = await schedule(order.id, { engineerId: samId, date: saturday, slot: 'pm' });
      expect(both.json().details).toEqual({
        date: ['Saturday 12 January is not a working day.'],
        slot: ['The PM slot is not offered.'],
      });
      // Another role is refused as before, never told about the settings.
      const asEngineer = await schedule(
        order.id,
        { engineerId: samId, date: monday, slot: 'pm' },
        engineerHeaders,
      );
      expect(asEngineer.statusCode).toBe(403);
      expect((await db().select().from(visits).where(eq(visits.orderId, order.id))).length).toBe(0);

      const ok = await schedule(order.id, { engineerId: samId, date: monday, slot: 'am' });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses to move a visit into a slot not offered or onto a bank holiday', async () => {
      const order = await waitingOrder();
      const booked = await schedule(order.id, {
        engineerId: ownerId,
        date: '2030-01-17',
        slot: 'all_day',
      });
      expect(booked.statusCode, booked.body).toBe(200);
      const visitId = booked.json().visit.id as string;
      const move = (body: object, headers = contractor) =>
        post(headers, `/api/dispatch/visits/${visitId}/move`, {
          reason: 'Customer asked',
          ...body,
        });

      const pm = await move({ engineerId: ownerId, date: '2030-01-17', slot: 'pm' });
      expect(pm.statusCode).toBe(400);
      expect(pm.json().code).toBe('SLOT_NOT_OFFERED');
      const holiday = await move({ engineerId: ownerId, date: wednesday, slot: 'all_day' });
      expect(holiday.statusCode).toBe(400);
      expect(holiday.json().details).toEqual({
        date: ['Wednesday 9 January is a bank holiday (Test holiday).'],
      });
      expect(
        (await move({ engineerId: ownerId, date: wednesday, slot: 'pm' }, otherContractor))
          .statusCode,
      ).toBe(404);
      const [row] = await db().select().from(visits).where(eq(visits.id, visitId));
      expect(row).toMatchObject({ scheduledDate: '2030-01-17', slot: 'all_day' });

      const ok = await move({ engineerId: ownerId, date: '2030-01-18', slot: 'am' });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });
});
