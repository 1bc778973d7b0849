import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { addFormSubmission, formAnswers } from '../../../../tests/factories/contractor-world';
import { visits } from '../visits/visits.schema';

// Issue 25: GET /api/dispatch/day-sheet, a contractor's day of visits per engineer for print.

const day = '2030-01-08';

describe('GET /api/dispatch/day-sheet', () => {
  let app: TestApp;
  let contractor: AuthHeaders;
  let otherContractor: AuthHeaders;
  let samId: string;
  let kimId: string;
  let otherEngineerId: string;
  let amOrder: { id: string; orderNumber: string };

  beforeAll(async () => {
    app = await createTestApp();
    const company = (await createContractor(app)).id;
    const other = (await createContractor(app)).id;
    contractor = (await signInAs(app, 'contractor', { contractorId: company })).headers;
    otherContractor = (await signInAs(app, 'contractor', { contractorId: other })).headers;
    samId = (
      await signInAs(app, 'engineer', {
        contractorId: company,
        firstName: 'Sam',
        lastName: 'Penrose',
      })
    ).user.id;
    kimId = (
      await signInAs(app, 'engineer', { contractorId: company, firstName: 'Kim', lastName: 'Bray' })
    ).user.id;
    otherEngineerId = (await signInAs(app, 'engineer', { contractorId: other })).user.id;
    const booked = (engineerId: string, slot: 'am' | 'pm', customer: object, notes?: string) =>
      buildOrder(app, {
        status: 'scheduled',
        kitStatus: 'arrived',
        contractorId: company,
        engineerId,
        visitDate: day,
        notes: notes ?? null,
        customer,
      }).then(async (order) => {
        await app.deps.database.db.update(visits).set({ slot }).where(eq(visits.orderId, order.id));
        return order;
      });
    // Sam's afternoon is booked before the morning: the sheet still starts with the morning.
    await booked(samId, 'pm', { firstName: 'Pat', lastName: 'Later', postcode: 'PL1 1AA' });
    amOrder = await booked(
      samId,
      'am',
      {
        firstName: 'Ann',
        lastName: 'Early',
        phone: '+447700900123',
        addressLine1: '2 Quay Road',
        town: 'Looe',
        postcode: 'PL13 1AA',
      },
      'Ring before arriving',
    );
    await addFormSubmission(app, amOrder.id, {
      ...formAnswers(day),
      accessNotes: 'Gate code 4411',
    });
    await app.deps.database.db
      .update(visits)
      .set({ serials: { dish: 'DSH-0001' } })
      .where(eq(visits.orderId, amOrder.id));
    await booked(kimId, 'am', { firstName: 'Kay', lastName: 'Other', postcode: 'EX1 1AA' });
  });

  const get = (headers: AuthHeaders, query: string) =>
    app.inject({ method: 'GET', url: `/api/dispatch/day-sheet?${query}`, headers });

  it('gives one engineer’s day: address, slot, phone, job, kit, notes, morning first', async () => {
    const res = await get(contractor, `date=${day}&engineerId=${samId}`);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json();
    expect(sheet.date).toBe(day);
    expect(sheet.engineers.map((e: { name: string }) => e.name)).toEqual([
      'Kim Bray',
      'Sam Penrose',
    ]);
    expect(sheet.sheets).toHaveLength(1);
    expect(sheet.sheets[0].engineer).toEqual({ id: samId, name: 'Sam Penrose' });
    const [first, second] = sheet.sheets[0].visits;
    expect(first).toMatchObject({
      orderNumber: amOrder.orderNumber,
      slot: 'am',
      customerName: 'Ann Early',
      customerPhone: '+447700900123',
      address: ['2 Quay Road', 'Looe', 'PL13 1AA'],
      accessNotes: 'Gate code 4411',
      orderNotes: 'Ring before arriving',
      kit: [
        { label: 'Satellite dish', serial: 'DSH-0001' },
        { label: 'Router', serial: null },
      ],
    });
    expect(first.jobTypeName).toMatch(/Standard install/);
    expect(second).toMatchObject({ slot: 'pm', customerName: 'Pat Later' });
    expect(res.body).not.toContain('price');
  });

  it('gives every engineer with visits that day when no engineer is chosen', async () => {
    const sheet = (await get(contractor, `date=${day}`)).json();
    expect(sheet.sheets.map((s: { engineer: { name: string } }) => s.engineer.name)).toEqual([
      'Kim Bray',
      'Sam Penrose',
    ]);
    const empty = (await get(contractor, 'date=2030-01-09')).json();
    expect(empty.sheets).toEqual([]);
    // A chosen engineer with nothing booked still gets a sheet, empty.
    const none = (await get(contractor, `date=2030-01-09&engineerId=${kimId}`)).json();
    expect(none.sheets).toEqual([{ engineer: { id: kimId, name: 'Kim Bray' }, visits: [] }]);
  });

  it('keeps to the company: another company’s engineer is not found, its sheet is empty', async () => {
    const res = await get(contractor, `date=${day}&engineerId=${otherEngineerId}`);
    expect(res.statusCode).toBe(404);
    expect((await get(otherContractor, `date=${day}&engineerId=${samId}`)).statusCode).toBe(404);
    expect((await get(otherContractor, `date=${day}`)).json().sheets).toEqual([]);
  });

  it('refuses other roles and answers bad input clearly', async () => {
    const office = (await signInAs(app, 'back_office')).headers;
    const engineer = (await signInAs(app, 'engineer')).headers;
    expect((await get(office, `date=${day}`)).statusCode).toBe(403);
    expect((await get(engineer, `date=${day}`)).statusCode).toBe(403);
    const noDate = await get(contractor, '');
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().details.date).toBeDefined();
    expect((await get(contractor, 'date=2030-02-30')).statusCode).toBe(400);
    const badEngineer = await get(contractor, `date=${day}&engineerId=sam`);
    expect(badEngineer.statusCode).toBe(400);
    expect(badEngineer.json().details.engineerId).toEqual(['Choose an engineer from the list']);
  });
});
