import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createUser,
  defaultTestPassword,
  sameOrigin,
  sessionCookieFrom,
  signIn,
  waitFor,
  withSession,
} from '../../../../tests/support/auth';
import {
  extractCode,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

import { auditLog } from '../audit/audit.schema';
import { authCodes } from './auth-codes.schema';
import { messages } from '../messages/messages.schema';

let app: TestApp;
let smtp: SmtpCapture;
let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({
    workers: true,
    config: { SMTP_URL: smtp.url, MAIL_FROM: 'Uplink <no-reply@uplink.test>' },
  });
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
});

const post = (
  url: string,
  payload: object,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextIp(),
    ...extra,
    headers: { ...sameOrigin(app), ...(extra.headers ?? {}) },
  });

/** Signs in with the password; answers the pending-attempt cookie and the emailed code. */
async function startTwoFactor(email: string, ip = nextIp()) {
  const since = new Date();
  const res = await post(
    '/api/auth/login',
    { email, password: defaultTestPassword },
    { remoteAddress: ip },
  );
  expect(res.statusCode).toBe(200);
  const attempt = res.cookies.find((c) => c.name === 'uplink_2fa');
  const mail = await smtp.waitForMessage(email, { since });
  return { res, attempt: attempt!.value, code: extractCode(mail.text), mail };
}

const verify = (email: string, code: string, attempt: string | null, cookie = '') =>
  post(
    '/api/auth/verify-2fa',
    { email, code },
    {
      headers: {
        cookie: [attempt ? `uplink_2fa=${attempt}` : '', cookie].filter(Boolean).join('; '),
      },
    },
  );

describe('email two-factor sign-in', () => {
  it('asks for a code, emails it through SMTP, and signs in with a new session after it', async () => {
    const user = await createUser(app, { role: 'back_office', twoFactorMethod: 'email' });
    const { res, attempt, code, mail } = await startTwoFactor(user.email);
    expect(res.json()).toEqual({
      requiresTwoFactor: true,
      user: null,
      email: user.email,
      message: 'Please check your email for the verification code.',
    });
    // No session yet: the password alone is not enough.
    expect(sessionCookieFrom(res)).toBeNull();
    const attemptCookie = res.cookies.find((c) => c.name === 'uplink_2fa')!;
    expect(attemptCookie.httpOnly).toBe(true);
    expect(attemptCookie.maxAge).toBe(600);
    expect(mail.from).toBe('no-reply@uplink.test');
    expect(mail.subject).toBe('Your Uplink verification code');
    expect(code).toMatch(/^\d{6}$/);

    // The code is stored only as a keyed hash.
    const [row] = await app.deps.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(600_000, -3);

    const ok = await verify(user.email, code, attempt);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, role: 'back_office' });
    const session = sessionCookieFrom(ok)!;
    const me = await app.inject({ url: '/api/auth/user', headers: withSession(app, session) });
    expect(me.json().id).toBe(user.id);

    // Once a provider delivered it, the code is blanked from the message record.
    const sent = await waitFor(async () => {
      const [row] = await app.deps.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.to, user.email), eq(messages.kind, 'two_factor_code')));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toMatchObject({ status: 'sent', provider: 'smtp', body: '', attempts: 1 });
  });

  it('rotates the session after the second factor', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const before = await signIn(app, user);
    const { attempt, code } = await startTwoFactor(user.email);
    const ok = await verify(user.email, code, attempt, before.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: before })).statusCode).toBe(401);
  });

  it('a code works once', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const { attempt, code } = await startTwoFactor(user.email);
    expect((await verify(user.email, code, attempt)).statusCode).toBe(200);
    const again = await verify(user.email, code, attempt);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid verification code', code: 'INVALID_CODE' });
  });

  it('is bound to the sign-in attempt that asked for it', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const { code } = await startTwoFactor(user.email);
    expect((await verify(user.email, code, null)).statusCode).toBe(401);
    expect((await verify(user.email, code, 'another-attempt-token-xxxxxxxxxxxx')).statusCode).toBe(
      401,
    );
  });

  it('a new code voids the old one', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const first = await startTwoFactor(user.email);
    const second = await startTwoFactor(user.email);
    // The first attempt's code is void, even when the digits happen to repeat.
    expect((await verify(user.email, first.code, first.attempt)).statusCode).toBe(401);
    expect((await verify(user.email, second.code, second.attempt)).statusCode).toBe(200);
  });

  it('five wrong tries void the code', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const { attempt, code } = await startTwoFactor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(user.email, wrong, attempt)).statusCode).toBe(401);
    }
    expect((await verify(user.email, code, attempt)).statusCode).toBe(401);
    const failures = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.code_failed'), eq(auditLog.targetId, user.id)));
    expect(failures.length).toBe(6);
  });

  it('an expired code is refused', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const { attempt, code } = await startTwoFactor(user.email);
    await app.deps.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.userId, user.id));
    const res = await verify(user.email, code, attempt);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'This verification code has expired. Please request a new one.',
      code: 'INVALID_CODE',
    });
  });

  it.each([
    [{ email: 'nope', code: '123456' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', code: '12345' }, 'code', 'Verification code must be 6 digits'],
    [{ email: 'a@example.com', code: '1234567' }, 'code', 'Verification code must be 6 digits'],
    [{ email: 'a@example.com' }, 'code', 'Verification code must be 6 digits'],
  ])('refuses %j with the spec message', async (body, field, message) => {
    const res = await post('/api/auth/verify-2fa', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toEqual([message]);
  });

  it('audits the code sent and the sign-in', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const { attempt, code } = await startTwoFactor(user.email);
    await verify(user.email, code, attempt);
    const rows = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('auth.code_sent');
    expect(actions).toContain('auth.sign_in');
    expect(rows.find((r) => r.action === 'auth.sign_in')!.details).toEqual({
      method: 'email_code',
    });
  });
});
