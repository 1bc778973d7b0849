import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createUser,
  defaultTestPassword,
  sameOrigin,
  sessionCookieFrom,
  signIn,
  signInAs,
  withSession,
} from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { sessions } from './sessions.schema';

let app: TestApp;
let ipCounter = 0;
/** A fresh client address per test, so per-address limits do not leak between tests. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await closeTestApp(app);
});

function login(body: unknown, extra: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: extra.ip ?? nextIp(),
    headers: { ...sameOrigin(app), ...extra.headers },
    payload: body as Record<string, unknown>,
  });
}

describe('GET /api/auth/user', () => {
  it('answers 401 when signed out', async () => {
    const res = await app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
  });

  it('answers the current user (spec §3) when signed in', async () => {
    const { user, headers } = await signInAs(app, 'contractor', {
      additionalRoles: ['engineer'],
      firstName: 'Dana',
      lastName: 'Dual',
    });
    const res = await app.inject({ url: '/api/auth/user', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      role: 'contractor',
      additionalRoles: ['engineer'],
      isDualRole: true,
      firstName: 'Dana',
      lastName: 'Dual',
      profileImageUrl: null,
      email: user.email,
      contractorId: null,
    });
  });

  it('answers 401 for a made-up cookie', async () => {
    const res = await app.inject({
      url: '/api/auth/user',
      headers: withSession(app, 'x'.repeat(43)),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with email and password, sets an httpOnly SameSite=Lax cookie', async () => {
    const user = await createUser(app, { role: 'engineer' });
    const res = await login({ email: user.email.toUpperCase(), password: defaultTestPassword });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.requiresTwoFactor).toBe(false);
    expect(body.user).toMatchObject({ id: user.id, role: 'engineer' });
    const cookie = res.cookies.find((c) => c.name === 'uplink_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const me = await app.inject({ url: '/api/auth/user', headers: withSession(app, cookie.value) });
    expect(me.json().id).toBe(user.id);
    // Only a hash of the cookie is stored.
    const stored = await app.deps.database.db.select().from(sessions);
    expect(stored.some((s) => s.id === cookie.value)).toBe(false);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await createUser(app);
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
  ])('refuses %j with the spec message', async (body, field, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details[field]).toEqual([message]);
  });

  it('rotates the session: a session held before sign-in is ended', async () => {
    const user = await createUser(app);
    const before = await signIn(app, user);
    const res = await login(
      { email: user.email, password: defaultTestPassword },
      {
        headers: { cookie: before.cookie },
      },
    );
    expect(res.statusCode).toBe(200);
    const after = sessionCookieFrom(res)!;
    expect(`uplink_session=${after}`).not.toBe(before.cookie);
    expect((await app.inject({ url: '/api/auth/user', headers: before })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/auth/user', headers: withSession(app, after) })).statusCode,
    ).toBe(200);
  });

  it('writes sign-in and failure to the audit log', async () => {
    const user = await createUser(app);
    const ip = nextIp();
    await login({ email: user.email, password: 'wrong-password' }, { ip });
    await login({ email: user.email, password: defaultTestPassword }, { ip });
    const rows = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.sign_in', 'auth.sign_in_failed']);
    expect(rows.every((r) => r.ip === ip)).toBe(true);
  });
});

describe('logout', () => {
  it('POST /api/auth/logout deletes the session; replaying the cookie gives 401', async () => {
    const { headers } = await signInAs(app, 'back_office');
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === 'uplink_session');
    expect(cleared?.value).toBe('');
    expect((await app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(401);
  });

  it('GET /api/logout ends the session and redirects to /login', async () => {
    const { headers } = await signInAs(app, 'engineer');
    const res = await app.inject({ url: '/api/logout', headers: { cookie: headers.cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(401);
  });
});

describe('cross-site request refusal', () => {
  it('refuses a state-changing request from another origin', async () => {
    const { headers } = await signInAs(app, 'back_office');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: headers.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    expect((await app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(200);
  });

  it('falls back to the Referer when there is no Origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { referer: 'https://evil.example/page' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    'refuses a body sent as %s',
    async (type) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type, ...sameOrigin(app) },
        payload: 'email=a@example.com&password=x',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CROSS_SITE_REQUEST');
    },
  );

  it('accepts the request host as the same site (no PUBLIC_URL match needed)', async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      headers: { host: 'uplink.example.com', origin: 'http://uplink.example.com' },
      payload: { email: user.email, password: defaultTestPassword },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('public helpers of the login and signup pages', () => {
  it('GET /api/auth/signup-info answers the SIGNUP_URL, or null when unset', async () => {
    const res = await app.inject({ url: '/api/auth/signup-info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signupUrl: null });
  });

  it('GET /api/sms-settings/login is back office only', async () => {
    const { headers } = await signInAs(app, 'back_office');
    const res = await app.inject({ url: '/api/sms-settings/login', headers });
    expect(res.json()).toEqual({ enabled: true });
    const { headers: contractor } = await signInAs(app, 'contractor');
    expect(
      (await app.inject({ url: '/api/sms-settings/login', headers: contractor })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/sms-settings/login' })).statusCode).toBe(401);
  });
});

describe('issue 9: logout and Origin hardening', () => {
  it('GET /api/logout from another site keeps the session and shows the signed-in page', async () => {
    const { headers } = await signInAs(app, 'engineer');
    const res = await app.inject({
      url: '/api/logout',
      headers: { cookie: headers.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(200);
    // The spec's Sign Out navigation (same origin) still signs out.
    const own = await app.inject({
      url: '/api/logout',
      headers: { cookie: headers.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.headers.location).toBe('/login');
    expect((await app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(401);
  });

  it('compares the Origin scheme too: http:// is not the https:// site', async () => {
    const secure = await createTestApp({ config: { PUBLIC_URL: 'https://uplink.example.com' } });
    const user = await createUser(secure);
    const attempt = (origin: string) =>
      secure.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextIp(),
        headers: { host: 'uplink.example.com', origin },
        payload: { email: user.email, password: defaultTestPassword },
      });
    const refused = await attempt('http://uplink.example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CROSS_SITE_REQUEST');
    expect((await attempt('https://uplink.example.com:8443')).statusCode).toBe(403);
    expect((await attempt('https://uplink.example.com')).statusCode).toBe(200);
    await secure.close();
  });
});
