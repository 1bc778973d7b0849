import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createUser,
  sameOrigin,
  signInAs,
  waitFor,
  type AuthHeaders,
} from '../../../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startSmsCapture, type SmsCapture } from '../../../../tests/support/sms-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { messages } from './messages.schema';
import { deliverMessage, messageRetryLimit, queueMessage } from './messages.service';

describe('outbox (no provider configured)', () => {
  let app: TestApp;
  let office: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp();
    office = (await signInAs(app, 'back_office')).headers;
  });
  afterAll(() => closeTestApp(app));

  it('keeps the two-factor email in the outbox, readable by back office with filters', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.40.0.1',
      headers: sameOrigin(app),
      payload: { email: user.email, password: 'correct-horse-battery-staple' },
    });
    expect(login.json().requiresTwoFactor).toBe(true);

    const res = await app.inject({
      url: `/api/messages?to=${encodeURIComponent(user.email)}`,
      headers: office,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.delivery).toEqual({ email: 'outbox', sms: 'outbox' });
    expect(body.total).toBe(1);
    expect(body.messages[0]).toMatchObject({
      channel: 'email',
      kind: 'two_factor_code',
      to: user.email,
      subject: 'Your Uplink verification code',
      status: 'sent',
      provider: 'outbox',
    });
    // In the outbox the body is the delivery: the code stays readable.
    expect(body.messages[0].body).toMatch(/Your Uplink verification code is \d{6}/);

    const one = await app.inject({ url: `/api/messages/${body.messages[0].id}`, headers: office });
    expect(one.json().message.id).toBe(body.messages[0].id);
    const filtered = await app.inject({ url: '/api/messages?channel=sms', headers: office });
    expect(filtered.json().messages.every((m: { channel: string }) => m.channel === 'sms')).toBe(
      true,
    );
    const bad = await app.inject({ url: '/api/messages?status=lost', headers: office });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({
      url: '/api/messages/00000000-0000-4000-8000-000000000000',
      headers: office,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an SMS code in the outbox too', async () => {
    await createUser(app, { role: 'engineer', phone: '+447700900451' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/sms/request-code',
      remoteAddress: '10.40.0.2',
      headers: sameOrigin(app),
      payload: { phone: '07700900451' },
    });
    const res = await app.inject({
      url: '/api/messages?channel=sms&to=7700900451',
      headers: office,
    });
    expect(res.json().messages[0]).toMatchObject({
      to: '+447700900451',
      status: 'sent',
      provider: 'outbox',
    });
  });
});

describe('delivery with retries', () => {
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

  it('retries a failed email and records the error, then the delivery', async () => {
    smtp.failNext(1);
    const row = await queueMessage(app.deps, {
      channel: 'email',
      kind: 'test',
      to: 'retry@example.com',
      subject: 'Retry me',
      body: 'Hello',
    });
    expect(row.status).toBe('queued');
    const failedOnce = await waitFor(async () => {
      const [m] = await app.deps.database.db.select().from(messages).where(eq(messages.id, row.id));
      return m && m.attempts >= 1 ? m : null;
    });
    expect(failedOnce.lastError).toContain('Temporary failure');
    const mail = await smtp.waitForMessage('retry@example.com', { timeoutMs: 20_000 });
    expect(mail.subject).toBe('Retry me');
    const sent = await waitFor(async () => {
      const [m] = await app.deps.database.db.select().from(messages).where(eq(messages.id, row.id));
      return m?.status === 'sent' ? m : null;
    });
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(sent.body).toBe('Hello'); // not sensitive: kept
  }, 30_000);

  it('retries an SMS the provider refused', async () => {
    sms.failNext(1);
    const since = new Date();
    const row = await queueMessage(app.deps, {
      channel: 'sms',
      kind: 'test',
      to: '+447700900452',
      body: 'Hi',
    });
    const received = await sms.waitForMessage('+447700900452', { since, timeoutMs: 20_000 });
    expect(received.body).toBe('Hi');
    expect(sms.requests.filter((r) => r.status === 500).length).toBeGreaterThanOrEqual(1);
    const sent = await waitFor(async () => {
      const [m] = await app.deps.database.db.select().from(messages).where(eq(messages.id, row.id));
      return m?.status === 'sent' ? m : null;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('marks a message failed, visibly, when the last try fails', async () => {
    const [row] = await app.deps.database.db
      .insert(messages)
      .values({
        channel: 'sms',
        kind: 'test',
        to: '+447700900453',
        body: 'x',
        provider: 'twilio',
        attempts: messageRetryLimit,
      })
      .returning();
    sms.failNext(1);
    await expect(deliverMessage(app.deps, row!.id)).rejects.toThrow('SMS provider answered 500');
    const [after] = await app.deps.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', attempts: messageRetryLimit + 1 });
    expect(after!.lastError).toContain('500');
  });
});
