import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBankHolidays } from '@shared/settings/settings.contracts';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { visits } from '../visits/visits.schema';

// Issue 21 / issue 24 (5), decision 071: the order's own schedule and reschedule (back office,
// and the contractor outside the board) keep to the working days, bank holidays and slots of
// /settings, read at each request.

const monday = '2030-01-07';
const tuesday = '2030-01-08';
const thursday = '2030-01-10';
const saturday = '2030-01-12';
const holiday = '2030-01-09';

describe('scheduling keeps to the days and slots of /settings', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractor: AuthHeaders;
  let otherContractor: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let contractorId: string;
  let engineerId: string;

  const allSlots = {
    am: { offered: true, start: '08:00', end: '12:00' },
    pm: { offered: true, start: '12:00', end: '17:00' },
    all_day: { offered: true },
  };
  const put = (section: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/settings/${section}`, headers: backOffice, payload });
  const post = (headers: AuthHeaders, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    contractorId = (await createContractor(app)).id;
    contractor = (await signInAs(app, 'contractor', { contractorId })).headers;
    otherContractor = (
      await signInAs(app, 'contractor', { contractorId: (await createContractor(app)).id })
    ).headers;
    const engineer = await signInAs(app, 'engineer', { contractorId });
    engineerHeaders = engineer.headers;
    engineerId = engineer.user.id;
    // The afternoon is not offered; a Wednesday is a bank holiday.
    expect(
      (
        await put('booking', {
          workingDays: [1, 2, 3, 4, 5],
          slots: { ...allSlots, pm: { ...allSlots.pm, offered: false } },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await put('bank-holidays', {
          bankHolidays: [...defaultBankHolidays, { date: holiday, name: 'Test holiday' }],
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await put('booking', { workingDays: [1, 2, 3, 4, 5], slots: allSlots });
    await put('bank-holidays', { bankHolidays: defaultBankHolidays });
  });

  const waiting = () => buildOrder(app, { status: 'assigned', kitStatus: 'arrived', contractorId });
  const visitRows = async (orderId: string) =>
    app.deps.database.db.select().from(visits).where(eq(visits.orderId, orderId));

  describe('POST /api/orders/:id/schedule', () => {
    const schedule = (headers: AuthHeaders, orderId: string, body: object) =>
      post(headers, `/api/orders/${orderId}/schedule`, { engineerId, ...body });

    it('books an offered slot on a working day, for back office and the contractor', async () => {
      const byBackOffice = await schedule(backOffice, (await waiting()).id, {
        date: monday,
        slot: 'am',
      });
      expect(byBackOffice.statusCode, byBackOffice.body).toBe(200);
      expect(byBackOffice.json().visits[0]).toMatchObject({ scheduledDate: monday, slot: 'am' });
      const byContractor = await schedule(contractor, (await waiting()).id, {
        date: tuesday,
        slot: 'all_day',
      });
      expect(byContractor.statusCode, byContractor.body).toBe(200);
    });

    it('refuses a slot not offered, a day off and a bank holiday, with the reason on the field', async () => {
      const order = await waiting();
      const pm = await schedule(backOffice, order.id, { date: monday, slot: 'pm' });
      expect(pm.statusCode).toBe(400);
      expect(pm.json()).toEqual({
        code: 'SLOT_NOT_OFFERED',
        message: 'The PM slot is not offered.',
        details: { slot: ['The PM slot is not offered.'] },
      });
      const weekend = await schedule(contractor, order.id, { date: saturday, slot: 'am' });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json()).toEqual({
        code: 'NOT_WORKING_DAY',
        message: 'Saturday 12 January is not a working day.',
        details: { date: ['Saturday 12 January is not a working day.'] },
      });
      const bankHoliday = await schedule(backOffice, order.id, { date: holiday, slot: 'am' });
      expect(bankHoliday.statusCode).toBe(400);
      expect(bankHoliday.json().details).toEqual({
        date: ['Wednesday 9 January is a bank holiday (Test holiday).'],
      });
      expect(await visitRows(order.id)).toHaveLength(0);
    });

    it('refuses other roles and companies as before, whatever the day and slot', async () => {
      const order = await waiting();
      const body = { date: saturday, slot: 'pm' };
      expect((await schedule(engineerHeaders, order.id, body)).statusCode).toBe(403);
      expect((await schedule(otherContractor, order.id, body)).statusCode).toBe(404);
      expect(await visitRows(order.id)).toHaveLength(0);
    });

    it('follows a change of the settings at once', async () => {
      const order = await waiting();
      expect((await schedule(backOffice, order.id, { date: monday, slot: 'pm' })).statusCode).toBe(
        400,
      );
      await put('booking', { workingDays: [1, 2, 3, 4, 5], slots: allSlots });
      try {
        const res = await schedule(backOffice, order.id, { date: monday, slot: 'pm' });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await put('booking', {
          workingDays: [1, 2, 3, 4, 5],
          slots: { ...allSlots, pm: { ...allSlots.pm, offered: false } },
        });
      }
    });
  });

  describe('POST /api/orders/:id/reschedule', () => {
    const booked = () =>
      buildOrder(app, {
        status: 'scheduled',
        kitStatus: 'arrived',
        contractorId,
        engineerId,
        visitDate: tuesday,
      });
    const reschedule = (headers: AuthHeaders, orderId: string, body: object) =>
      post(headers, `/api/orders/${orderId}/reschedule`, {
        engineerId,
        reason: 'Customer asked',
        ...body,
      });

    it('moves a visit to an offered slot on a working day', async () => {
      const order = await booked();
      const res = await reschedule(contractor, order.id, { date: thursday, slot: 'all_day' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await visitRows(order.id))[0]).toMatchObject({
        scheduledDate: thursday,
        slot: 'all_day',
      });
    });

    it('refuses a slot not offered, a day off and a bank holiday, and leaves the visit', async () => {
      const order = await booked();
      const before = (await visitRows(order.id))[0]!;
      const pm = await reschedule(backOffice, order.id, { date: thursday, slot: 'pm' });
      expect(pm.statusCode).toBe(400);
      expect(pm.json().code).toBe('SLOT_NOT_OFFERED');
      const weekend = await reschedule(contractor, order.id, { date: saturday, slot: 'am' });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json().details).toEqual({
        date: ['Saturday 12 January is not a working day.'],
      });
      const bankHoliday = await reschedule(backOffice, order.id, { date: holiday, slot: 'am' });
      expect(bankHoliday.statusCode).toBe(400);
      expect(bankHoliday.json().message).toBe(
        'Wednesday 9 January is a bank holiday (Test holiday).',
      );
      expect((await visitRows(order.id))[0]).toMatchObject({
        scheduledDate: before.scheduledDate,
        slot: before.slot,
      });
    });

    it('refuses other roles and companies as before', async () => {
      const order = await booked();
      const body = { date: saturday, slot: 'pm' };
      expect((await reschedule(engineerHeaders, order.id, body)).statusCode).toBe(403);
      expect((await reschedule(otherContractor, order.id, body)).statusCode).toBe(404);
    });
  });

  describe("the engineer's room in the slot, as the dispatch board keeps it", () => {
    // A week of its own, so the other tests' visits take none of its slots.
    const nextMonday = '2030-01-14';
    const nextTuesday = '2030-01-15';
    const nextWednesday = '2030-01-16';
    const book = async (headers: AuthHeaders, date: string, slot: string) => {
      const order = await waiting();
      const res = await post(headers, `/api/orders/${order.id}/schedule`, {
        engineerId,
        date,
        slot,
      });
      return { order, res };
    };

    it('refuses back office a second visit in a slot the engineer already has', async () => {
      const first = await book(backOffice, nextMonday, 'all_day');
      expect(first.res.statusCode, first.res.body).toBe(200);
      const clash = await book(backOffice, nextMonday, 'am');
      expect(clash.res.statusCode).toBe(409);
      expect(clash.res.json().code).toBe('ENGINEER_FULL');
      expect(clash.res.json().message).toMatch(/is full: they already have an all-day visit/);
      expect(await visitRows(clash.order.id)).toHaveLength(0);
    });

    it('refuses to move a visit into a full slot, and lets a visit grow within its own', async () => {
      const holder = await book(contractor, nextTuesday, 'am');
      expect(holder.res.statusCode, holder.res.body).toBe(200);
      const mover = await book(backOffice, nextWednesday, 'am');
      expect(mover.res.statusCode, mover.res.body).toBe(200);
      const moved = await post(backOffice, `/api/orders/${mover.order.id}/reschedule`, {
        engineerId,
        date: nextTuesday,
        slot: 'all_day',
        reason: 'Customer asked',
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().code).toBe('ENGINEER_FULL');
      expect((await visitRows(mover.order.id))[0]).toMatchObject({
        scheduledDate: nextWednesday,
        slot: 'am',
      });
      // The holder's own morning does not count against it.
      const grows = await post(contractor, `/api/orders/${holder.order.id}/reschedule`, {
        engineerId,
        date: nextTuesday,
        slot: 'all_day',
        reason: 'Bigger job than booked',
      });
      expect(grows.statusCode, grows.body).toBe(200);
      expect((await visitRows(holder.order.id))[0]).toMatchObject({ slot: 'all_day' });
    });
  });
});
