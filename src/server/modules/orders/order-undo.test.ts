import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { undoMessages, undoReason } from '@shared/orders/undo';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import {
  customerAppointmentChangesSubscriber,
  customerMessagesSubscriber,
} from '../messages/messages.subscribers';
import { messages } from '../messages/messages.schema';
import { visits } from '../visits/visits.schema';
import { orderEvents } from './order-events.schema';
import { orders } from './orders.schema';

// Issue 25: Undo of an assignment, a board move and taking a visit off the schedule, by the
// person who made it, within seconds; the customer hears of neither (decision 082).

const monday = '2030-01-07';

describe('POST /api/orders/:id/undo', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let otherBackOffice: AuthHeaders;
  let contractor: AuthHeaders;
  let otherContractorUser: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let companyA: string;
  let companyB: string;
  let ownerId: string;

  beforeAll(async () => {
    app = await createTestApp();
    companyA = (await createContractor(app, { coverageAreas: ['PL'] })).id;
    companyB = (await createContractor(app)).id;
    const owner = await signInAs(app, 'contractor', {
      contractorId: companyA,
      additionalRoles: ['engineer'],
    });
    contractor = owner.headers;
    ownerId = owner.user.id;
    otherContractorUser = (await signInAs(app, 'contractor', { contractorId: companyA })).headers;
    engineerHeaders = (await signInAs(app, 'engineer', { contractorId: companyA })).headers;
    backOffice = (await signInAs(app, 'back_office')).headers;
    otherBackOffice = (await signInAs(app, 'back_office')).headers;
  });

  const db = () => app.deps.database.db;
  const post = (headers: AuthHeaders, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const undo = (orderId: string, headers: AuthHeaders) =>
    post(headers, `/api/orders/${orderId}/undo`);
  const orderRow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const lastEvent = async (orderId: string) => {
    const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
  };

  /** Runs both customer-message subscribers on every event of the order, as the queue would. */
  async function customerMessagesAfterEvents(orderId: string) {
    const events = await db()
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, orderId));
    for (const event of events) {
      const name =
        event.type === 'order.reschedule' || event.type === 'order.unschedule'
          ? customerAppointmentChangesSubscriber
          : customerMessagesSubscriber;
      await app.deps.events.deliver(name, event.id);
    }
    return db()
      .select()
      .from(messages)
      .where(and(eq(messages.relatedId, orderId)));
  }

  // One Wednesday after another, so the engineer always has room.
  let weeks = 0;
  async function bookedVisit() {
    weeks += 1;
    const wednesday = new Date(Date.UTC(2030, 0, 2 + 7 * weeks)).toISOString().slice(0, 10);
    const order = await buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId: companyA,
      customer: { postcode: 'PL12 4QN', phone: '+447700900801', email: 'undo@example.com' },
    });
    const res = await post(contractor, `/api/dispatch/orders/${order.id}/schedule`, {
      engineerId: ownerId,
      date: wednesday,
      slot: 'pm',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { order, visitId: res.json().visit.id as string, wednesday };
  }

  it('takes back an assignment: the order has no contractor again', async () => {
    const order = await buildOrder(app, { status: 'validated' });
    const assigned = await post(backOffice, `/api/orders/${order.id}/assign`, {
      contractorId: companyA,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const res = await undo(order.id, backOffice);
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.id)).contractorId).toBeNull();
    const undone = await lastEvent(order.id);
    expect(undone).toMatchObject({ type: 'unassign', reason: undoReason });
    expect(undone.data.undoes).toBeTruthy();
    // An undo is not itself undone.
    const again = await undo(order.id, backOffice);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(undoMessages.nothing);
  });

  it('puts back the contractor an order was offered to before', async () => {
    const order = await buildOrder(app, { status: 'validated', contractorId: companyB });
    expect(
      (await post(backOffice, `/api/orders/${order.id}/assign`, { contractorId: companyA }))
        .statusCode,
    ).toBe(200);
    expect((await undo(order.id, backOffice)).statusCode).toBe(200);
    expect((await orderRow(order.id)).contractorId).toBe(companyB);
  });

  it('moves a visit back where it was, and the customer hears of neither move', async () => {
    const { order, visitId, wednesday } = await bookedVisit();
    const moved = await post(contractor, `/api/dispatch/visits/${visitId}/move`, {
      engineerId: ownerId,
      date: monday,
      slot: 'am',
      reason: 'Dropped on the wrong day',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await undo(order.id, contractor);
    expect(res.statusCode, res.body).toBe(200);
    const [visit] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(visit).toMatchObject({ scheduledDate: wednesday, slot: 'pm', engineerId: ownerId });
    const sent = await customerMessagesAfterEvents(order.id);
    expect(sent.map((m) => m.kind).sort()).toEqual([
      'appointment_confirmed',
      'appointment_confirmed',
    ]);
  });

  it('books a visit taken off the schedule again, on the same day, slot and engineer', async () => {
    const { order, visitId, wednesday } = await bookedVisit();
    const off = await post(contractor, `/api/dispatch/visits/${visitId}/unschedule`, {
      reason: 'Customer away',
    });
    expect(off.statusCode, off.body).toBe(204);
    const res = await undo(order.id, contractor);
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('scheduled');
    const active = (await db().select().from(visits).where(eq(visits.orderId, order.id))).filter(
      (v) => v.status === 'scheduled',
    );
    expect(active).toEqual([
      expect.objectContaining({ scheduledDate: wednesday, slot: 'pm', engineerId: ownerId }),
    ]);
    const kinds = (await customerMessagesAfterEvents(order.id)).map((m) => m.kind);
    expect(kinds).not.toContain('appointment_cancelled');
    expect(kinds.filter((k) => k === 'appointment_confirmed')).toHaveLength(2);
  });

  it('refuses after the window, after someone else’s change, and another person’s change', async () => {
    const late = await buildOrder(app, {
      status: 'validated',
      receivedAt: new Date(Date.now() - 60_000),
    });
    await post(backOffice, `/api/orders/${late.id}/assign`, { contractorId: companyA });
    await db()
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 11_000) })
      .where(and(eq(orderEvents.orderId, late.id), eq(orderEvents.type, 'assign')));
    const tooLate = await undo(late.id, backOffice);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(undoMessages.tooLate);
    expect((await orderRow(late.id)).contractorId).toBe(companyA);

    const accepted = await buildOrder(app, { status: 'validated' });
    await post(backOffice, `/api/orders/${accepted.id}/assign`, { contractorId: companyA });
    expect((await post(contractor, `/api/orders/${accepted.id}/accept`)).statusCode).toBe(200);
    const notLast = await undo(accepted.id, backOffice);
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json().message).toBe(undoMessages.notLast);

    const { order } = await bookedVisit();
    const someoneElse = await undo(order.id, otherContractorUser);
    expect(someoneElse.statusCode).toBe(409);
    expect(someoneElse.json().message).toBe(undoMessages.nothing);
    const otherOffice = await undo(order.id, otherBackOffice);
    expect(otherOffice.statusCode).toBe(409);
  });

  it('is for back office and contractors only, on an order id', async () => {
    const { order } = await bookedVisit();
    expect((await undo(order.id, engineerHeaders)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/api/orders/${order.id}/undo` })).statusCode,
    ).toBe(401);
    const bad = await undo('not-an-id', backOffice);
    expect(bad.statusCode).toBe(400);
    const missing = await undo('00000000-0000-4000-8000-000000000000', backOffice);
    expect(missing.statusCode).toBe(404);
  });
});
