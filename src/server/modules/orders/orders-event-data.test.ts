import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timelineText } from '@shared/orders/timeline-text';
import { orderEvents } from './order-events.schema';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

// The events carry the names and amounts their timeline sentence needs (issue 10), so the
// back office, the customer portal and the partner feed read them without lookups.
describe('order events carry what their sentence needs', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const act = (orderId: string, action: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/${action}`,
      headers: backOffice,
      payload,
    });
  const eventsOf = (orderId: string) =>
    app.deps.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt));

  it('names the contractor and the payout change on offer, acceptance and withdrawal', async () => {
    const jobType = await createJobType(app);
    const contractor = await createContractor(app, {
      name: 'Tamar Satellite Services',
      rates: [{ jobTypeId: jobType.id, payoutPence: 11880 }],
    });
    const order = await buildOrder(app, {
      status: 'validated',
      jobTypeId: jobType.id,
      partnerId: (await createPartner(app)).id,
      payoutPence: 12000,
    });
    expect((await act(order.id, 'assign', { contractorId: contractor.id })).statusCode).toBe(200);
    expect((await act(order.id, 'accept')).statusCode).toBe(200);
    expect((await act(order.id, 'unassign', { reason: 'Customer moved' })).statusCode).toBe(200);

    const [assign, accept, unassign] = (await eventsOf(order.id)).slice(-3);
    expect(assign!.data).toMatchObject({
      contractorName: 'Tamar Satellite Services',
      payoutPence: 11880,
      previousPayoutPence: 12000,
      payoutFromRateCard: true,
    });
    expect(accept!.data).toMatchObject({ contractorName: 'Tamar Satellite Services' });
    expect(unassign!.data).toMatchObject({ contractorName: 'Tamar Satellite Services' });
    expect(timelineText({ ...assign!, data: assign!.data })).toBe(
      'Offered to Tamar Satellite Services; payout £118.80 from their rate card (was £120.00).',
    );
  });

  it('names the engineer of a scheduled and a rescheduled visit', async () => {
    const contractor = await createContractor(app);
    const sam = await signInAs(app, 'engineer', {
      contractorId: contractor.id,
      firstName: 'Sam',
      lastName: 'Smith',
    });
    const kim = await signInAs(app, 'engineer', {
      contractorId: contractor.id,
      firstName: 'Kim',
      lastName: 'Jago',
    });
    const order = await buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId: contractor.id,
      contractorAcceptedAt: new Date(),
    });
    const scheduled = await act(order.id, 'schedule', {
      engineerId: sam.user.id,
      date: '2026-11-27',
      slot: 'am',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const moved = await act(order.id, 'reschedule', {
      engineerId: kim.user.id,
      date: '2026-11-30',
      slot: 'pm',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const [schedule, reschedule] = (await eventsOf(order.id)).slice(-2);
    expect(schedule!.data).toMatchObject({ engineerName: 'Sam Smith' });
    expect(reschedule!.data).toMatchObject({
      from: { engineerName: 'Sam Smith' },
      to: { engineerName: 'Kim Jago' },
    });
    expect(timelineText({ ...schedule!, data: schedule!.data })).toBe(
      'Scheduled for Fri 27 Nov, morning, with Sam Smith.',
    );
  });
});
