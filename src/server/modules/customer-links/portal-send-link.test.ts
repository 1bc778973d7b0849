import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../../tests/factories/orders';
import { closeTestApp, sameOrigin, waitFor } from '../../../../tests/support/auth';
import { startSmsCapture, type SmsCapture } from '../../../../tests/support/sms-capture';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { messages } from '../messages/messages.schema';
import { customerLinkRateLimits } from './customer-links.routes';
import {
  portalLinkAnswerMs,
  portalLinkRequestedEvent,
  portalLinkRequestLimit,
} from './portal-link-request.service';

// Issue 18: ten wrong postcodes lock an order's portal for everyone; "Send me a link" lets the
// real customer in anyway, through the contact details on file, and tells no one else anything.

let app: TestApp;
let smtp: SmtpCapture;
let sms: SmsCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  sms = await startSmsCapture();
  app = await createTestApp({
    workers: true,
    config: { SMTP_URL: smtp.url, MESSAGE_RETRY_DELAY_SECONDS: '1', ...sms.env },
  });
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
  await sms.close();
});

const post = (url: string, remoteAddress: string, payload?: object) =>
  app.inject({ method: 'POST', url, payload, headers: sameOrigin(app), remoteAddress });

const sendLink = (orderNumber: string, remoteAddress: string) =>
  post(`/api/public/portal/${encodeURIComponent(orderNumber)}/send-link`, remoteAddress);

/** The signed portal link in a message: `/customer/{number}?e={expiry}&s={signature}`. */
function portalLinkIn(text: string) {
  const match = /\/customer\/([^?\s]+)\?e=(\d+)&s=([\w-]+)/.exec(text);
  expect(match, text).toBeTruthy();
  return { orderNumber: decodeURIComponent(match![1]!), e: match![2]!, s: match![3]! };
}

async function linkRequests(orderId: string) {
  const rows = await app.deps.database.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(eq(domainEvents.type, portalLinkRequestedEvent), eq(domainEvents.aggregateId, orderId)),
    );
  return rows.length;
}

describe('portal: send me a link', () => {
  it('lets a customer locked out by ten wrong postcodes in through a link texted and emailed to them', async () => {
    const order = await buildOrder(app, {
      customer: { postcode: 'TR1 3AA', phone: '+447700900311', email: 'locked-out@example.com' },
    });
    const url = `/api/public/portal/${order.orderNumber}`;
    for (let i = 0; i < 10; i += 1) {
      const wrong = await post(`${url}/proof`, `10.60.0.${i + 1}`, { postcode: 'EX1 1AA' });
      expect(wrong.statusCode).toBe(404);
    }
    const locked = await post(`${url}/proof`, '10.60.1.1', { postcode: 'TR1 3AA' });
    expect(locked.statusCode).toBe(429);

    const since = new Date();
    const asked = await sendLink(order.orderNumber, '10.60.1.1');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });

    const text = await sms.waitForMessage('+447700900311', { since, timeoutMs: 20_000 });
    const mail = await smtp.waitForMessage('locked-out@example.com', { since, timeoutMs: 20_000 });
    expect(text.body).toContain(order.orderNumber);
    expect(mail.subject).toBe(`Your link to order ${order.orderNumber}`);
    const fromText = portalLinkIn(text.body);
    const fromMail = portalLinkIn(mail.text);
    expect(fromText.orderNumber).toBe(order.orderNumber);
    expect(fromMail.orderNumber).toBe(order.orderNumber);

    // The link opens the order while the postcode is still refused.
    const opened = await post(`${url}/link`, '10.60.1.1', { e: fromText.e, s: fromText.s });
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === 'uplink_portal')!;
    const view = await app.inject({
      method: 'GET',
      url,
      cookies: { uplink_portal: cookie.value },
      remoteAddress: '10.60.1.1',
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().orderNumber).toBe(order.orderNumber);
    expect((await post(`${url}/proof`, '10.60.1.2', { postcode: 'TR1 3AA' })).statusCode).toBe(429);

    // Kept as the other link messages: marked sensitive, so the body is blanked once sent.
    const rows = await app.deps.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'portal_link'), eq(messages.relatedId, order.id)));
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(rows.every((r) => r.sensitive)).toBe(true);
  }, 40_000);

  it('answers a real and an unknown order number alike: status, body, headers and time', async () => {
    const order = await buildOrder(app, {
      customer: { phone: '+447700900312', email: 'alike@example.com' },
    });
    const noContact = await buildOrder(app, { customer: { phone: null, email: null } });
    const unknown = 'UPL-2026-999999-ZZZZ';
    const oldUnknown = 'UPL-1999-999999';

    // A first request warms the route up; only the ones after it are timed.
    await sendLink(unknown, '10.61.9.1');
    const answers: { number: string; res: Awaited<ReturnType<typeof sendLink>>; ms: number }[] = [];
    // Interleaved, each from its own address, so the per-address limit plays no part.
    for (let round = 0; round < 3; round += 1) {
      for (const [index, number] of [
        order.orderNumber,
        unknown,
        noContact.orderNumber,
        oldUnknown,
      ].entries()) {
        const started = performance.now();
        const res = await sendLink(number, `10.61.${round}.${index + 1}`);
        answers.push({ number, res, ms: performance.now() - started });
      }
    }
    const first = answers[0]!;
    const shape = (res: typeof first.res) => ({
      status: res.statusCode,
      body: res.body,
      type: res.headers['content-type'],
      cache: res.headers['cache-control'],
      cookies: res.cookies.length,
    });
    for (const answer of answers) {
      expect(shape(answer.res), answer.number).toEqual(shape(first.res));
    }
    expect(first.res.statusCode).toBe(202);

    // Every answer waits out the same floor, whatever work was done behind it.
    const median = (number: string) => {
      const times = answers.filter((a) => a.number === number).map((a) => a.ms);
      return times.sort((a, b) => a - b)[1]!;
    };
    for (const number of [order.orderNumber, unknown]) {
      expect(median(number)).toBeGreaterThanOrEqual(portalLinkAnswerMs - 5);
    }
    expect(Math.abs(median(order.orderNumber) - median(unknown))).toBeLessThan(150);

    // Behind the same answer: the real order's customer is sent the link; nobody else is.
    expect(await linkRequests(order.id)).toBe(3);
    expect(await linkRequests(noContact.id)).toBe(3);
    await sms.waitForMessage('+447700900312', { timeoutMs: 20_000 });
    const noContactRows = await app.deps.database.db
      .select()
      .from(messages)
      .where(eq(messages.relatedId, noContact.id));
    expect(noContactRows).toEqual([]);
  }, 40_000);

  it('sends at most three links per order an hour, whoever asks, without saying so', async () => {
    const order = await buildOrder(app, {
      customer: { phone: '+447700900313', email: 'spammed@example.com' },
    });
    const since = new Date();
    for (let i = 0; i < portalLinkRequestLimit.max + 2; i += 1) {
      const res = await sendLink(order.orderNumber, `10.62.0.${i + 1}`);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await linkRequests(order.id)).toBe(portalLinkRequestLimit.max);
    await waitFor(
      async () =>
        sms.messages.filter((m) => m.to === '+447700900313' && m.receivedAt > since).length ===
          portalLinkRequestLimit.max || null,
      { timeoutMs: 20_000 },
    );
    await waitFor(
      async () =>
        smtp.messages.filter((m) => m.to.includes('spammed@example.com') && m.receivedAt > since)
          .length === portalLinkRequestLimit.max || null,
      { timeoutMs: 20_000 },
    );
  }, 40_000);

  it('limits requests per address with 429 and Retry-After, for real and unknown numbers alike', async () => {
    const order = await buildOrder(app);
    const address = '10.63.0.1';
    const max = customerLinkRateLimits.sendLink.max;
    for (let i = 0; i < max; i += 1) {
      const number = i % 2 === 0 ? order.orderNumber : `UPL-2026-99999${i}-ABCD`;
      expect((await sendLink(number, address)).statusCode).toBe(202);
    }
    for (const number of [order.orderNumber, 'UPL-2026-999990-ABCD']) {
      const refused = await sendLink(number, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await sendLink(order.orderNumber, '10.63.0.2')).statusCode).toBe(202);
  }, 40_000);

  it('refuses a malformed order number with a 400, never a 5xx', async () => {
    const res = await post(`/api/public/portal/${'9'.repeat(41)}/send-link`, '10.64.0.1');
    expect(res.statusCode).toBe(400);
  });
});
