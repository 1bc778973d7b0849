import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createSmsAdapter } from '../../adapters/sms/sms.adapter';
import { customers } from '../customers/customers.schema';
import { domainEvents } from '../events/events.schema';
import { messages } from './messages.schema';
import { visits } from '../visits/visits.schema';
import { inTransaction } from '../../db/transaction';
import { publishEvent } from '../events/events.service';
import { resolvePublicLink } from '../public-links/public-links.service';
import { customerMessagesSubscriber, sendReminders } from './messages.subscribers';
import { deliverMessage } from './messages.service';
import { twilioSignature } from './twilio-signature';
import { arrivalWindowWords } from '@shared/visits/on-the-way';

const authToken = 'test-webhook-token';

describe('customer messages on every step', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let contractorHeaders: AuthHeaders;
  let engineerHeaders: AuthHeaders;
  let otherEngineerHeaders: AuthHeaders;
  let engineerId: string;
  let contractorId: string;
  let partnerId: string;
  let jobTypeId: string;
  let phoneSeq = 100;

  beforeAll(async () => {
    app = await createTestApp({ config: { TWILIO_AUTH_TOKEN: authToken } });
    backOffice = (await signInAs(app, 'back_office')).headers;
    contractorId = (await createContractor(app, { coverageAreas: ['EX'] })).id;
    contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
    const engineer = await signInAs(app, 'engineer', { contractorId, firstName: 'Priya' });
    engineerHeaders = engineer.headers;
    engineerId = engineer.user.id;
    otherEngineerHeaders = (await signInAs(app, 'engineer', { contractorId })).headers;
    partnerId = (await createPartner(app)).id;
    jobTypeId = (await createJobType(app)).id;
  });

  const db = () => app.deps.database.db;
  const post = (headers: AuthHeaders, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });

  /** Runs this module's subscriber on every event of the aggregate, as the queue would. */
  async function deliverEvents(aggregateId: string) {
    const events = await db()
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, aggregateId));
    const results = [];
    for (const event of events) {
      results.push(await app.deps.events.deliver(customerMessagesSubscriber, event.id));
    }
    return results;
  }

  const messagesOf = (orderId: string, kind?: string) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.relatedId, orderId), kind ? eq(messages.kind, kind) : undefined));

  async function createOrder(customer: Record<string, unknown> = {}) {
    phoneSeq += 1;
    const res = await post(backOffice, '/api/orders', {
      partnerId,
      jobTypeId,
      customer: {
        firstName: 'Jenna',
        lastName: `Pascoe${phoneSeq}`,
        email: `jenna${phoneSeq}@example.com`,
        phone: `07700 900${phoneSeq}`,
        address: { line1: '3 Fore Street', town: 'Exeter', postcode: 'EX1 1AA' },
        ...customer,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      id: string;
      orderNumber: string;
      customer: { id: string; phone: string };
    };
  }

  const linkIn = (body: string) => {
    const match = /(http\S+\/(customer-form|kit-arrived)\/([A-Za-z0-9_-]{43}))/.exec(body);
    return match ? { url: match[1]!, token: match[3]! } : null;
  };

  it('sends the customer-form link by SMS and email when an order is received, once', async () => {
    const order = await createOrder();
    expect(await deliverEvents(order.id)).toEqual(['done']);
    const sent = await messagesOf(order.id, 'order_received');
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const email = sent.find((m) => m.channel === 'email')!;
    expect(email.subject).toBe(`Your order ${order.orderNumber}: tell us about your installation`);
    expect(email.body).toContain('Hello Jenna');
    const link = linkIn(email.body)!;
    expect(link.url.startsWith(`${app.deps.config.PUBLIC_URL}/customer-form/`)).toBe(true);
    expect(linkIn(sent.find((m) => m.channel === 'sms')!.body)!.token).toBe(link.token);
    const resolved = await resolvePublicLink(db(), link.token, 'customer_form');
    expect(resolved.ok).toBe(true);

    // A replayed delivery sends nothing twice.
    expect(await deliverEvents(order.id)).toEqual(['already_done']);
    expect(await messagesOf(order.id)).toHaveLength(2);
  });

  it('sends the kit-arrived link with courier and tracking, and a new link on resend', async () => {
    const order = await createOrder();
    await post(backOffice, `/api/orders/${order.id}/validate`);
    const dispatched = await post(backOffice, `/api/orders/${order.id}/kit/dispatch`, {
      courier: 'DPD',
      trackingNumber: 'TRK998877',
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    await deliverEvents(order.id);
    const [sms] = (await messagesOf(order.id, 'kit_dispatched')).filter((m) => m.channel === 'sms');
    expect(sms!.body).toContain('DPD (TRK998877)');
    const first = linkIn(sms!.body)!;
    expect((await resolvePublicLink(db(), first.token, 'kit_arrived')).ok).toBe(true);

    await inTransaction(db(), (tx) =>
      publishEvent(tx, {
        type: 'order.link_resend_requested',
        aggregateType: 'order',
        aggregateId: order.id,
        data: { purpose: 'kit_arrived' },
      }),
    );
    await deliverEvents(order.id);
    const again = (await messagesOf(order.id, 'kit_dispatched')).filter((m) => m.channel === 'sms');
    expect(again).toHaveLength(2);
    const second = again.map((m) => linkIn(m.body)!).find((l) => l.token !== first.token)!;
    expect(second.url).toContain('/kit-arrived/');
    expect(again.every((m) => m.body.includes('TRK998877'))).toBe(true);
    expect((await resolvePublicLink(db(), second.token, 'kit_arrived')).ok).toBe(true);
    expect(await resolvePublicLink(db(), first.token, 'kit_arrived')).toMatchObject({
      ok: false,
      problem: 'replaced',
    });
  });

  it('confirms and changes the appointment with date, slot, engineer and portal link', async () => {
    const order = await buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId,
      partnerId,
      jobTypeId,
      customer: { phone: '+447700900555', email: 'visit@example.com' },
    });
    const scheduled = await post(contractorHeaders, `/api/orders/${order.id}/schedule`, {
      engineerId,
      date: '2027-03-12',
      slot: 'am',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await deliverEvents(order.id);
    const [confirmed] = (await messagesOf(order.id, 'appointment_confirmed')).filter(
      (m) => m.channel === 'sms',
    );
    expect(confirmed!.body).toContain('Friday 12 March 2027 (Morning) with Priya');
    expect(confirmed!.body).toContain(
      `${app.deps.config.PUBLIC_URL}/customer/${order.orderNumber}`,
    );

    await post(contractorHeaders, `/api/orders/${order.id}/reschedule`, {
      engineerId,
      date: '2027-03-15',
      slot: 'all_day',
    });
    await deliverEvents(order.id);
    const [changed] = (await messagesOf(order.id, 'appointment_changed')).filter(
      (m) => m.channel === 'email',
    );
    expect(changed!.subject).toBe('Your installation has moved to Monday 15 March 2027');
    expect(changed!.body).toContain('(All day)');

    const unscheduled = await post(contractorHeaders, `/api/orders/${order.id}/unschedule`, {
      reason: 'Engineer off sick',
    });
    expect(unscheduled.statusCode, unscheduled.body).toBe(200);
    await deliverEvents(order.id);
    const cancelled = await messagesOf(order.id, 'appointment_cancelled');
    expect(cancelled.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = cancelled.find((m) => m.channel === 'sms')!;
    expect(sms.body).toContain(
      'your installation on Monday 15 March 2027 (All day) will not go ahead',
    );
    expect(cancelled.find((m) => m.channel === 'email')!.subject).toBe(
      'Your installation on Monday 15 March 2027 is cancelled',
    );
  });

  it('reminds tomorrow’s visits at the 18:00 run, once each', async () => {
    const tomorrow = '2027-01-13';
    const soon = await buildOrder(app, {
      status: 'scheduled',
      contractorId,
      engineerId,
      visitDate: tomorrow,
      customer: { phone: '+447700900601' },
    });
    const later = await buildOrder(app, {
      status: 'scheduled',
      contractorId,
      engineerId,
      visitDate: '2027-01-14',
      customer: { phone: '+447700900602' },
    });
    const now = new Date('2027-01-12T18:00:00Z');
    expect(await sendReminders(app.deps, now)).toBe(1);
    expect(await sendReminders(app.deps, now)).toBe(0);
    const reminders = await messagesOf(soon.id, 'appointment_reminder');
    expect(reminders.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(reminders[0]!.body).toContain('Wednesday 13 January 2027');
    expect(await messagesOf(later.id, 'appointment_reminder')).toHaveLength(0);
  });

  it('tells the customer the engineer is on the way, with an arrival window from the tap', async () => {
    const order = await buildOrder(app, {
      status: 'scheduled',
      contractorId,
      engineerId,
      customer: { phone: '+447700900701' },
    });
    const [visit] = await db().select().from(visits).where(eq(visits.orderId, order.id));
    const url = `/api/visits/${visit!.id}/on-the-way`;
    const other = await post(otherEngineerHeaders, url);
    expect(other.statusCode).toBe(403);
    const badTime = await post(engineerHeaders, url, { at: 'ten past ten' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('Give a date and time (ISO 8601)');
    const future = await post(engineerHeaders, url, {
      at: new Date(Date.now() + 20 * 60_000).toISOString(),
    });
    expect(future.statusCode).toBe(409);
    expect(future.json().message).toContain('check the phone’s clock');
    const tappedAt = new Date(Date.now() - 50 * 60_000);
    const stale = await post(engineerHeaders, url, { at: tappedAt.toISOString() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^Too late to tell the customer: "On my way" was tapped at \d\d:\d\d, more than 45 minutes ago\.$/,
    );
    expect(await messagesOf(order.id, 'engineer_on_the_way')).toHaveLength(0);

    // Queued offline ten minutes ago: the window runs from the tap, not from its arrival.
    const queuedAt = new Date(Date.now() - 10 * 60_000);
    const res = await post(engineerHeaders, url, { at: queuedAt.toISOString() });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().arrivalWindow).toBe(arrivalWindowWords(queuedAt));
    await deliverEvents(visit!.id);
    const sent = await messagesOf(order.id, 'engineer_on_the_way');
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(sent.find((m) => m.channel === 'sms')!.body).toContain(
      `Priya is on the way to you now and should arrive ${arrivalWindowWords(queuedAt)}.`,
    );
  });

  it('refuses "on the way" for a visit that has started', async () => {
    const order = await buildOrder(app, {
      status: 'scheduled',
      contractorId,
      engineerId,
      customer: { phone: '+447700900702' },
    });
    const [visit] = await db().select().from(visits).where(eq(visits.orderId, order.id));
    const checkIn = await post(engineerHeaders, `/api/visits/${visit!.id}/check-in`, {
      at: new Date().toISOString(),
      position: null,
      offDayReason: 'The customer asked for today',
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const late = await post(engineerHeaders, `/api/visits/${visit!.id}/on-the-way`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This visit is not waiting to start.');
  });

  it('refuses a template with an unknown or disallowed variable, naming it', async () => {
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/messages/templates/order_received/sms',
      headers: backOffice,
      payload: { body: 'Hi {{fistName}} {{link}}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.body[0]).toBe('Unknown variable {{fistName}}');
    const disallowed = await app.inject({
      method: 'PUT',
      url: '/api/messages/templates/order_received/email',
      headers: backOffice,
      payload: { subject: 'On {{date}}', body: 'Hi' },
    });
    expect(disallowed.statusCode).toBe(400);
    expect(disallowed.json().details.subject[0]).toContain('{{date}} cannot be used');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/messages/templates/visit_failed/sms',
      headers: backOffice,
      payload: { body: `Sorry {{firstName}}, ${'x'.repeat(170)}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().template).toMatchObject({ edited: true, sms: { segments: 2 } });
    const preview = await post(backOffice, '/api/messages/templates/preview', {
      kind: 'appointment_confirmed',
      channel: 'sms',
      body: 'Hi {{firstName}} {{orderNumber}}',
    });
    expect(preview.json()).toMatchObject({ body: 'Hi Alex ORD-000123', sms: { segments: 1 } });
  });

  it('records a text to a customer who did not consent as suppressed, and still emails', async () => {
    const order = await createOrder();
    await db()
      .update(customers)
      .set({ smsOptOut: true })
      .where(eq(customers.id, order.customer.id));
    await deliverEvents(order.id);
    const sent = await messagesOf(order.id, 'order_received');
    expect(sent.find((m) => m.channel === 'sms')).toMatchObject({
      status: 'suppressed',
      lastError: 'The customer opted out of texts',
    });
    expect(sent.find((m) => m.channel === 'email')!.status).toBe('sent');
  });

  const url = (path: string) => `${app.deps.config.PUBLIC_URL}${path}`;
  const form = (path: string, params: Record<string, string>, signature?: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      },
      payload: new URLSearchParams(params).toString(),
    });

  it('takes delivery status only with a valid signature', async () => {
    const [row] = await db()
      .insert(messages)
      .values({
        channel: 'sms',
        kind: 'test',
        to: '+447700900801',
        body: 'x',
        status: 'sent',
        provider: 'twilio',
        providerMessageId: 'SM0001',
      })
      .returning();
    const path = '/api/webhooks/sms/status';
    const params = { MessageSid: 'SM0001', MessageStatus: 'delivered', To: '+447700900801' };
    const status = async () =>
      (await db().select().from(messages).where(eq(messages.id, row!.id)))[0]!.status;

    expect((await form(path, params)).statusCode).toBe(403);
    const wrong = twilioSignature('another-token', url(path), params);
    expect((await form(path, params, wrong)).statusCode).toBe(403);
    const tampered = twilioSignature(authToken, url(path), { ...params, MessageStatus: 'failed' });
    expect((await form(path, params, tampered)).statusCode).toBe(403);
    expect(await status()).toBe('sent');

    const ok = await form(path, params, twilioSignature(authToken, url(path), params));
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await status()).toBe('delivered');
    // A late "sent" does not take a final status back.
    const late = { ...params, MessageStatus: 'sent' };
    await form(path, late, twilioSignature(authToken, url(path), late));
    expect(await status()).toBe('delivered');
  });

  it('a provider’s final failure publishes message.failed once (back office is told, issue 25)', async () => {
    const [row] = await db()
      .insert(messages)
      .values({
        channel: 'sms',
        kind: 'appointment_confirmed',
        to: '+447700900802',
        body: 'x',
        status: 'sent',
        provider: 'twilio',
        providerMessageId: 'SM0002',
      })
      .returning();
    const path = '/api/webhooks/sms/status';
    for (const MessageStatus of ['undelivered', 'failed', 'undelivered']) {
      const params = { MessageSid: 'SM0002', MessageStatus, ErrorCode: '30003' };
      const res = await form(path, params, twilioSignature(authToken, url(path), params));
      expect(res.statusCode, res.body).toBe(204);
    }
    const events = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'message.failed'), eq(domainEvents.aggregateId, row!.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      channel: 'sms',
      kind: 'appointment_confirmed',
      error: 'Provider error 30003',
    });
  });

  it('opts a number out on STOP and back in on START', async () => {
    const order = await createOrder();
    const phone = order.customer.phone;
    const path = '/api/webhooks/sms/inbound';
    const optOut = async () =>
      (await db().select().from(customers).where(eq(customers.id, order.customer.id)))[0]!
        .smsOptOut;
    const stop = { From: phone, Body: ' stop ', MessageSid: 'SMin1' };
    expect((await form(path, stop, 'bad')).statusCode).toBe(403);
    expect(await optOut()).toBe(false);
    const res = await form(path, stop, twilioSignature(authToken, url(path), stop));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response/>');
    expect(await optOut()).toBe(true);
    const start = { From: phone, Body: 'START', MessageSid: 'SMin2' };
    await form(path, start, twilioSignature(authToken, url(path), start));
    expect(await optOut()).toBe(false);
  });

  it('marks the number opted out when the provider answers error 21610', async () => {
    const order = await createOrder({ phone: '07700 900990' });
    const [row] = await db()
      .insert(messages)
      .values({ channel: 'sms', kind: 'test', to: '+447700900990', body: 'x', provider: 'twilio' })
      .returning();
    // The provider's side only: an HTTP answer as Twilio gives it for a number that sent STOP.
    const providerAnswer = (async () =>
      new Response(
        JSON.stringify({ code: 21610, message: 'Attempt to send to unsubscribed recipient' }),
        { status: 400 },
      )) as unknown as typeof fetch;
    const sms = createSmsAdapter(
      {
        ...app.deps.config,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_FROM: '+447700900999',
      },
      providerAnswer,
    );
    await deliverMessage({ ...app.deps, adapters: { ...app.deps.adapters, sms } }, row!.id);
    const [after] = await db().select().from(messages).where(eq(messages.id, row!.id));
    expect(after).toMatchObject({ status: 'failed' });
    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, order.customer.id));
    expect(customer!.smsOptOut).toBe(true);
  });
});
