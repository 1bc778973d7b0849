import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { messages } from './messages.schema';
import { resolvePublicLink } from '../public-links/public-links.service';
import { portalUrl } from './customer-messages.service';
import { maskedSecret } from './message-secrets';
import { customerMessagesSubscriber } from './messages.subscribers';
import { queueMessage } from './messages.service';

// Issue 18: the message log never hands back office a customer's working link. The token is
// cut to its first four characters in every answer; the stored message, which is what is
// delivered, keeps it whole.

let app: TestApp;
let office: AuthHeaders;

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
});

const db = () => app.deps.database.db;
type LoggedMessage = { id: string; channel: string; subject: string | null; body: string };

/** Runs the messages module's subscriber on the order's events, as the queue would. */
async function deliverEvents(orderId: string) {
  const events = await db()
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.aggregateId, orderId));
  for (const event of events) await app.deps.events.deliver(customerMessagesSubscriber, event.id);
}

async function resendLink(orderId: string, purpose: 'customer_form' | 'kit_arrived') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/links/${purpose}/resend`,
    headers: office,
  });
  expect(res.statusCode, res.body).toBe(202);
  await deliverEvents(orderId);
}

async function logOf(orderId: string): Promise<LoggedMessage[]> {
  const res = await app.inject({ url: `/api/messages?orderId=${orderId}`, headers: office });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

const storedOf = (orderId: string, kind: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.relatedId, orderId), eq(messages.kind, kind)))
    .orderBy(desc(messages.createdAt));

const linkIn = (body: string, path: string) =>
  new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(body)?.[1] ?? null;

describe('customer links in the message log', () => {
  it('shows a customer-form link with its token masked, in the list and one by one', async () => {
    const order = await buildOrder(app, {
      customer: { email: 'lowenna@example.com', phone: '+447700900318' },
    });
    await resendLink(order.id, 'customer_form');

    const stored = await storedOf(order.id, 'order_received');
    expect(stored.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const token = linkIn(stored[0]!.body, '/customer-form')!;
    // What is delivered is the whole, working link.
    expect((await resolvePublicLink(db(), token, 'customer_form')).ok).toBe(true);
    for (const message of stored) expect(message.body).toContain(`/customer-form/${token}`);

    const logged = (await logOf(order.id)).filter((m) => m.body.includes('/customer-form/'));
    expect(logged).toHaveLength(2);
    for (const message of logged) {
      expect(message.body).not.toContain(token);
      expect(message.body).not.toContain(token.slice(0, 12));
      expect(message.body).toContain(`/customer-form/${token.slice(0, 4)}${maskedSecret}`);
      const one = await app.inject({ url: `/api/messages/${message.id}`, headers: office });
      expect(one.json().message.body).toBe(message.body);
    }
  });

  it('masks a kit-arrived link, and the answer to a resend, while the copy sent keeps it', async () => {
    const order = await buildOrder(app, {
      status: 'customer_submitted',
      kitStatus: 'dispatched',
      courier: 'DPD',
      trackingNumber: 'TRK318',
      customer: { email: 'kerensa@example.com' },
    });
    await resendLink(order.id, 'kit_arrived');
    const [stored] = await storedOf(order.id, 'kit_dispatched');
    const token = linkIn(stored!.body, '/kit-arrived')!;
    expect(token).not.toBeNull();
    const [logged] = await logOf(order.id);
    expect(logged!.body).toContain(`/kit-arrived/${token.slice(0, 4)}${maskedSecret}`);
    expect(logged!.body).toContain('TRK318');
    expect(logged!.body).not.toContain(token);

    const resent = await app.inject({
      method: 'POST',
      url: `/api/messages/${logged!.id}/resend`,
      headers: office,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message.body).not.toContain(token);
    expect(resent.json().message.body).toContain(`${token.slice(0, 4)}${maskedSecret}`);
    const [copy] = await storedOf(order.id, 'kit_dispatched');
    expect(copy!.id).toBe(resent.json().message.id);
    expect(copy!.body).toContain(`/kit-arrived/${token}`);
  });

  it('masks the signature of a signed portal address, leaving the rest readable', async () => {
    const order = await buildOrder(app, { customer: { email: 'tamsin@example.com' } });
    const url = portalUrl(app.deps, order.orderNumber);
    const signature = new URL(url).searchParams.get('s')!;
    const expires = new URL(url).searchParams.get('e')!;
    await queueMessage(app.deps, {
      channel: 'email',
      kind: 'visit_booked',
      to: 'tamsin@example.com',
      subject: `Your visit: ${url}`,
      body: `See your order at ${url}.\nThank you.`,
      relatedType: 'order',
      relatedId: order.id,
    });
    const [logged] = await logOf(order.id);
    for (const text of [logged!.subject!, logged!.body]) {
      expect(text).not.toContain(signature);
      expect(text).toContain(
        `/customer/${order.orderNumber}?e=${expires}&s=${signature.slice(0, 4)}${maskedSecret}`,
      );
    }
    expect(logged!.body).toMatch(/•\.\nThank you\.$/);
    const [stored] = await storedOf(order.id, 'visit_booked');
    expect(stored!.body).toContain(url);
  });
});
