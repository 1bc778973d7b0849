import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createUser,
  sameOrigin,
  sessionCookieFrom,
  signInAs,
  waitFor,
  withSession,
} from '../../../../tests/support/auth';
import { startSmsCapture, type SmsCapture } from '../../../../tests/support/sms-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { authCodes } from './auth-codes.schema';
import { messages } from '../messages/messages.schema';

let app: TestApp;
let sms: SmsCapture;
let ipCounter = 0;
const nextIp = () => `192.0.2.${(ipCounter += 1)}`;
let phoneCounter = 100;
/** A fresh UK mobile per test: [display form, stored +44 form]. */
function nextPhone(): [string, string] {
  phoneCounter += 1;
  const local = `07700900${String(phoneCounter).padStart(3, '0')}`;
  return [local, `+44${local.slice(1)}`];
}

beforeAll(async () => {
  sms = await startSmsCapture();
  app = await createTestApp({ workers: true, config: sms.env });
});
afterAll(async () => {
  await closeTestApp(app);
  await sms.close();
});

const post = (url: string, payload: object, ip = nextIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: sameOrigin(app) });

async function requestCode(phone: string, ip = nextIp()) {
  const since = new Date();
  const res = await post('/api/auth/sms/request-code', { phone }, ip);
  return { res, since };
}

async function codeFor(e164: string, since: Date) {
  const message = await sms.waitForMessage(e164, { since });
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

describe('GET /api/sms-auth-status', () => {
  it('answers the setting (initially SMS_LOGIN_ENABLED) without signing in', async () => {
    const res = await app.inject({ url: '/api/sms-auth-status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ smsAuthenticationEnabled: true });
  });
});

describe('SMS sign-in', () => {
  it('sends a code through the Twilio-compatible API and signs an engineer in', async () => {
    const [local, e164] = nextPhone();
    const user = await createUser(app, { role: 'engineer', phone: e164 });
    const { res, since } = await requestCode(local);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'If this number is registered for SMS sign-in, a verification code is on its way.',
      expiresInSeconds: 300,
    });
    const message = await sms.waitForMessage(e164, { since });
    expect(message).toMatchObject({
      accountSid: 'ACtest0000000000000000000000000000',
      username: 'ACtest0000000000000000000000000000',
      password: 'test-auth-token',
      from: '+447700900999',
      to: e164,
    });
    expect(message.body).toMatch(/^Your Uplink sign-in code is \d{6}\. It expires in 5 minutes/);
    const code = /\b(\d{6})\b/.exec(message.body)![1]!;

    const ok = await post('/api/auth/sms/verify-code', { phone: local, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, role: 'engineer' });
    const me = await app.inject({
      url: '/api/auth/user',
      headers: withSession(app, sessionCookieFrom(ok)!),
    });
    expect(me.json().id).toBe(user.id);

    const [row] = await app.deps.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.destination, e164));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(300_000, -3);
    const delivered = await waitFor(async () => {
      const [m] = await app.deps.database.db.select().from(messages).where(eq(messages.to, e164));
      return m?.status === 'sent' ? m : null;
    });
    expect(delivered).toMatchObject({ provider: 'twilio', body: '', channel: 'sms' });
    expect(delivered.providerMessageId).toMatch(/^SM/);
  });

  it('signs in a dual-role contractor (additional role engineer)', async () => {
    const [local, e164] = nextPhone();
    const user = await createUser(app, {
      role: 'contractor',
      additionalRoles: ['engineer'],
      phone: e164,
    });
    const { since } = await requestCode(local);
    const code = await codeFor(e164, since);
    const ok = await post('/api/auth/sms/verify-code', { phone: e164, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, isDualRole: true });
  });

  it('gives the same answer for unknown and non-engineer numbers, and sends nothing', async () => {
    const [unknownLocal] = nextPhone();
    const [officeLocal, officeE164] = nextPhone();
    await createUser(app, { role: 'back_office', phone: officeE164 });
    const unknown = await requestCode(unknownLocal);
    const office = await requestCode(officeLocal);
    expect(unknown.res.statusCode).toBe(200);
    expect(office.res.json()).toEqual(unknown.res.json());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sms.messages.filter((m) => m.to === officeE164)).toEqual([]);
  });

  it('limits codes to 3 per number per 10 minutes, whether or not it has an account', async () => {
    const [local] = nextPhone();
    for (let i = 0; i < 3; i += 1) expect((await requestCode(local)).res.statusCode).toBe(200);
    const fourth = await requestCode(local);
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.json().code).toBe('RATE_LIMITED');
  });

  it('limits code requests per address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await requestCode(nextPhone()[0], ip)).res.statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('a code works once, and a new code voids the old one', async () => {
    const [local, e164] = nextPhone();
    await createUser(app, { role: 'engineer', phone: e164 });
    const first = await requestCode(local);
    const firstCode = await codeFor(e164, first.since);
    const second = await requestCode(local);
    const secondCode = await codeFor(e164, second.since);
    if (firstCode !== secondCode) {
      expect(
        (await post('/api/auth/sms/verify-code', { phone: local, code: firstCode })).statusCode,
      ).toBe(401);
    }
    expect(
      (await post('/api/auth/sms/verify-code', { phone: local, code: secondCode })).statusCode,
    ).toBe(200);
    const replay = await post('/api/auth/sms/verify-code', { phone: local, code: secondCode });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Invalid verification code', code: 'INVALID_CODE' });
  });

  it('five wrong tries void the code', async () => {
    const [local, e164] = nextPhone();
    const user = await createUser(app, { role: 'engineer', phone: e164 });
    const { since } = await requestCode(local);
    const code = await codeFor(e164, since);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/api/auth/sms/verify-code', { phone: local, code: wrong })).statusCode,
      ).toBe(401);
    }
    expect((await post('/api/auth/sms/verify-code', { phone: local, code })).statusCode).toBe(401);
    const failures = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.code_failed'), eq(auditLog.targetId, user.id)));
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });

  it('an expired code is refused', async () => {
    const [local, e164] = nextPhone();
    await createUser(app, { role: 'engineer', phone: e164 });
    const { since } = await requestCode(local);
    const code = await codeFor(e164, since);
    await app.deps.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authCodes.destination, e164));
    const res = await post('/api/auth/sms/verify-code', { phone: local, code });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      'This verification code has expired. Please request a new one.',
    );
  });

  it.each([
    ['/api/auth/sms/request-code', {}, 'phone', 'Phone number is required'],
    ['/api/auth/sms/request-code', { phone: '' }, 'phone', 'Phone number is required'],
    [
      '/api/auth/sms/request-code',
      { phone: '01392 000000' },
      'phone',
      'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
    ],
    [
      '/api/auth/sms/verify-code',
      { phone: '0770', code: '123456' },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      '/api/auth/sms/verify-code',
      { phone: '07700900001', code: '12345' },
      'code',
      'Verification code must be 6 digits',
    ],
  ])('%s refuses %j with the spec message', async (url, body, field, message) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toEqual([message]);
  });
});

describe('the SMS sign-in setting', () => {
  it('back office turns it off: both SMS calls answer SMS_AUTH_DISABLED; others may not change it', async () => {
    const { headers: engineer } = await signInAs(app, 'engineer');
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/sms-settings/login',
      headers: engineer,
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);

    const { headers } = await signInAs(app, 'back_office');
    const off = await app.inject({
      method: 'PUT',
      url: '/api/sms-settings/login',
      headers,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await app.inject({ url: '/api/sms-auth-status' })).json()).toEqual({
      smsAuthenticationEnabled: false,
    });
    const body = {
      message: 'SMS login is currently unavailable. Please contact support for assistance.',
      code: 'SMS_AUTH_DISABLED',
    };
    const request = await post('/api/auth/sms/request-code', { phone: '07700900555' });
    expect(request.statusCode).toBe(403);
    expect(request.json()).toEqual(body);
    const verify = await post('/api/auth/sms/verify-code', {
      phone: '07700900555',
      code: '123456',
    });
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toEqual(body);

    await app.inject({
      method: 'PUT',
      url: '/api/sms-settings/login',
      headers,
      payload: { enabled: true },
    });
    expect(
      (await app.inject({ url: '/api/sms-auth-status' })).json().smsAuthenticationEnabled,
    ).toBe(true);
  });
});
