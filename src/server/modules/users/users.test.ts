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
  type AuthHeaders,
} from '../../../../tests/support/auth';
import {
  extractSetPasswordLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { contractors } from '../contractors/contractors.schema';
import { passwordTokens } from '../auth/tokens.schema';
import { users } from './users.schema';

let app: TestApp;
let smtp: SmtpCapture;
let office: AuthHeaders;
let officeId: string;
let ipCounter = 0;
const nextIp = () => `100.64.0.${(ipCounter += 1)}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ workers: true, config: { SMTP_URL: smtp.url } });
  const signedIn = await signInAs(app, 'back_office', { firstName: 'Olive', lastName: 'Office' });
  office = signedIn.headers;
  officeId = signedIn.user.id;
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
});

const anon = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, remoteAddress: nextIp(), headers: sameOrigin(app) });

async function invite(body: Record<string, unknown>) {
  const since = new Date();
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: office,
    payload: body,
  });
  return { res, since };
}

describe('users admin API: permissions', () => {
  it.each(['contractor', 'engineer', 'customer'] as const)(
    'refuses a %s with 403',
    async (role) => {
      const { headers } = await signInAs(app, role);
      for (const [method, url] of [
        ['GET', '/api/users'],
        ['POST', '/api/users'],
        ['GET', '/api/messages'],
        ['GET', '/api/blocked-ips'],
      ] as const) {
        const res = await app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({
          message: 'You do not have permission to do that',
          code: 'FORBIDDEN',
        });
      }
    },
  );

  it('refuses anonymous callers with 401', async () => {
    expect((await anon('GET', '/api/users')).statusCode).toBe(401);
  });

  it('an additional role counts: a contractor with additional role back_office may list', async () => {
    const { headers } = await signInAs(app, 'contractor', { additionalRoles: ['back_office'] });
    expect((await app.inject({ url: '/api/users', headers })).statusCode).toBe(200);
  });
});

describe('invitation through to set-password and sign-in', () => {
  it('invites, emails a 7-day link, shows the account, sets the password, then signs in', async () => {
    const { res, since } = await invite({
      email: 'New.Engineer@Example.com',
      firstName: 'Nia',
      lastName: 'Newton',
      role: 'engineer',
      phone: '07700 900 777',
      companyName: 'Skyline Installs',
    });
    expect(res.statusCode).toBe(201);
    const invited = res.json().user;
    expect(invited).toMatchObject({
      email: 'New.Engineer@Example.com',
      status: 'invited',
      role: 'engineer',
      phone: '+447700900777',
      companyName: 'Skyline Installs',
    });

    const mail = await smtp.waitForMessage('new.engineer@example.com', { since });
    expect(mail.subject).toBe('Your Uplink account is ready: set your password');
    expect(mail.text).toContain('Olive Office has invited you to Uplink as Field Engineer');
    const link = extractSetPasswordLink(mail.text);
    expect(link.startsWith('http://localhost:5000/set-password?token=')).toBe(true);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored; the link lives 7 days.
    const [stored] = await app.deps.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, invited.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(
      7 * 86_400_000,
      -4,
    );

    const check = await anon('GET', `/api/validate-reset-token?token=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      user: {
        firstName: 'Nia',
        lastName: 'Newton',
        email: 'New.Engineer@Example.com',
        role: 'engineer',
        companyName: 'Skyline Installs',
      },
      purpose: 'invitation',
    });

    // An invited account cannot sign in before setting a password.
    const early = await anon('POST', '/api/auth/login', {
      email: 'new.engineer@example.com',
      password: 'anything-at-all',
    });
    expect(early.statusCode).toBe(401);

    const set = await anon('POST', '/api/set-password', {
      token,
      password: 'a long enough passphrase',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Your password has been set. You can now sign in.' });

    // Single use.
    const reuse = await anon('POST', '/api/set-password', {
      token,
      password: 'another passphrase',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      message:
        'This password setup link is invalid or has expired. Please contact your administrator for a new invitation.',
      code: 'INVALID_TOKEN',
    });
    expect(
      (await anon('GET', `/api/validate-reset-token?token=${encodeURIComponent(token)}`))
        .statusCode,
    ).toBe(400);

    const login = await anon('POST', '/api/auth/login', {
      email: 'new.engineer@example.com',
      password: 'a long enough passphrase',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('engineer');
    const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, invited.id));
    expect(row!.status).toBe('active');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const actions = (
      await app.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, invited.id))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user.invited', 'auth.password_set', 'auth.sign_in']),
    );
  });

  it('refuses an expired link', async () => {
    const user = await createUser(app, { password: null });
    const { res } = {
      res: await app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/resend-invitation`,
        headers: office,
      }),
    };
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMessage(user.email);
    const token = decodeURIComponent(
      new URL(extractSetPasswordLink(mail.text)).searchParams.get('token')!,
    );
    await app.deps.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    expect((await anon('GET', `/api/validate-reset-token?token=${token}`)).statusCode).toBe(400);
    const set = await anon('POST', '/api/set-password', {
      token,
      password: 'a long enough passphrase',
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses an unknown token', async () => {
    const res = await anon(
      'GET',
      '/api/validate-reset-token?token=abcdefghijklmnopqrstuvwxyz0123456789',
    );
    expect(res.statusCode).toBe(400);
    expect((await anon('GET', '/api/validate-reset-token')).statusCode).toBe(400);
  });

  it.each([
    [
      { token: 'x'.repeat(43), password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { token: 'x'.repeat(43), password: 'p'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      { password: 'long enough' },
      'token',
      'This password setup link is invalid or has expired. Please contact your administrator for a new invitation.',
    ],
  ])('set-password refuses %j', async (body, field, message) => {
    const res = await anon('POST', '/api/set-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toEqual([message]);
  });

  it('refuses a common password with a clear message, and accepts 64+ characters untruncated', async () => {
    const user = await createUser(app, { password: null });
    await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/resend-invitation`,
      headers: office,
    });
    const mail = await smtp.waitForMessage(user.email);
    const token = decodeURIComponent(
      new URL(extractSetPasswordLink(mail.text)).searchParams.get('token')!,
    );
    const common = await anon('POST', '/api/set-password', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'This password is too common. Please choose a less predictable one.',
    });
    const long = 'x'.repeat(70) + '-tail';
    expect((await anon('POST', '/api/set-password', { token, password: long })).statusCode).toBe(
      200,
    );
    const truncated = await anon('POST', '/api/auth/login', {
      email: user.email,
      password: 'x'.repeat(70),
    });
    expect(truncated.statusCode).toBe(401);
    expect(
      (await anon('POST', '/api/auth/login', { email: user.email, password: long })).statusCode,
    ).toBe(200);
  });

  it('setting a password ends every session of the user', async () => {
    const user = await createUser(app);
    const session = await signIn(app, user);
    const since = new Date();
    await anon('POST', '/api/auth/forgot-password', { email: user.email });
    const mail = await smtp.waitForMessage(user.email, { since });
    expect(mail.subject).toBe('Reset your Uplink password');
    const token = decodeURIComponent(
      new URL(extractSetPasswordLink(mail.text)).searchParams.get('token')!,
    );
    const [stored] = await app.deps.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.id));
    expect(stored!.purpose).toBe('reset');
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(3_600_000, -3);
    expect((await anon('GET', `/api/validate-reset-token?token=${token}`)).json().purpose).toBe(
      'reset',
    );
    expect(
      (await anon('POST', '/api/set-password', { token, password: 'brand new passphrase' }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: session })).statusCode).toBe(401);
    const old = await anon('POST', '/api/auth/login', {
      email: user.email,
      password: defaultTestPassword,
    });
    expect(old.statusCode).toBe(401);
  });

  it('forgot-password answers the same whether or not the account exists', async () => {
    const user = await createUser(app);
    const known = await anon('POST', '/api/auth/forgot-password', { email: user.email });
    const unknown = await anon('POST', '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const invalid = await anon('POST', '/api/auth/forgot-password', { email: 'nope' });
    expect(invalid.json().details.email).toEqual(['Please enter a valid email address']);
  });
});

describe('users admin API: list, edit, disable, enable, reset two-factor', () => {
  it('lists with search by name, email and phone, and filters by role and status', async () => {
    const alpha = await createUser(app, {
      firstName: 'Zebedee',
      lastName: 'Quarry',
      role: 'engineer',
      phone: '+447700900611',
    });
    await createUser(app, {
      firstName: 'Yolanda',
      lastName: 'Quarry',
      role: 'contractor',
      status: 'disabled',
    });
    const byName = await app.inject({ url: '/api/users?search=zebedee', headers: office });
    expect(byName.json().users.map((u: { id: string }) => u.id)).toEqual([alpha.id]);
    const byFull = await app.inject({ url: '/api/users?search=Zebedee%20Quarry', headers: office });
    expect(byFull.json().total).toBe(1);
    const byPhone = await app.inject({ url: '/api/users?search=07700900611', headers: office });
    expect(byPhone.json().users[0].id).toBe(alpha.id);
    const byEmail = await app.inject({
      url: `/api/users?search=${alpha.email.slice(0, 12)}`,
      headers: office,
    });
    expect(byEmail.json().users[0].id).toBe(alpha.id);
    const byRole = await app.inject({
      url: '/api/users?search=quarry&role=contractor',
      headers: office,
    });
    expect(byRole.json().users).toHaveLength(1);
    const byStatus = await app.inject({
      url: '/api/users?search=quarry&status=disabled',
      headers: office,
    });
    expect(byStatus.json().users[0].firstName).toBe('Yolanda');
    const bad = await app.inject({ url: '/api/users?role=wizard', headers: office });
    expect(bad.statusCode).toBe(400);
  });

  it('gets one user, 404 for an unknown id', async () => {
    const user = await createUser(app);
    const res = await app.inject({ url: `/api/users/${user.id}`, headers: office });
    expect(res.json().user).toMatchObject({
      id: user.id,
      status: 'active',
      twoFactorMethod: 'none',
    });
    const missing = await app.inject({
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: office,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('edits names, phone, role and additional roles, auditing the role change', async () => {
    const user = await createUser(app, { role: 'contractor' });
    const [company] = await app.deps.database.db
      .insert(contractors)
      .values({ name: 'Dual Installs', contactEmail: 'dual@example.com' })
      .returning();
    const unknown = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: office,
      payload: { contractorId: '11111111-1111-4111-8111-111111111111' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.contractorId).toEqual(['No such contractor']);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: office,
      payload: {
        firstName: 'Dee',
        lastName: 'Dual',
        phone: '+44 7700 900612',
        additionalRoles: ['engineer'],
        contractorId: company!.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      firstName: 'Dee',
      lastName: 'Dual',
      phone: '+447700900612',
      role: 'contractor',
      additionalRoles: ['engineer'],
      isDualRole: true,
      contractorId: company!.id,
    });
    const audit = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    const roleChange = audit.find((r) => r.action === 'user.role_changed')!;
    expect(roleChange.actorUserId).toBe(officeId);
    expect(roleChange.details).toEqual({
      from: { role: 'contractor', additionalRoles: [] },
      to: { role: 'contractor', additionalRoles: ['engineer'] },
    });
  });

  it('refuses a bad phone and a phone someone else has', async () => {
    const user = await createUser(app);
    await createUser(app, { phone: '+447700900613' });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: office,
      payload: { phone: '01392 000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.phone).toEqual([
      'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
    ]);
    const taken = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: office,
      payload: { phone: '07700900613' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PHONE_TAKEN');
  });

  it('refuses an invitation for an email already in use, and names required', async () => {
    const user = await createUser(app);
    const dup = await invite({
      email: user.email.toUpperCase(),
      firstName: 'A',
      lastName: 'B',
      role: 'engineer',
    });
    expect(dup.res.statusCode).toBe(409);
    expect(dup.res.json().code).toBe('EMAIL_TAKEN');
    const missing = await invite({
      email: 'x@example.com',
      firstName: '',
      lastName: 'B',
      role: 'engineer',
    });
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().details.firstName).toEqual(['First name is required']);
  });

  it('disabling ends the sessions and refuses sign-in; enabling restores it', async () => {
    const user = await createUser(app, { role: 'engineer' });
    const session = await signIn(app, user);
    const off = await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/disable`,
      headers: office,
    });
    expect(off.json().user.status).toBe('disabled');
    expect((await app.inject({ url: '/api/auth/user', headers: session })).statusCode).toBe(401);
    const login = await anon('POST', '/api/auth/login', {
      email: user.email,
      password: defaultTestPassword,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid email or password');
    const on = await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/enable`,
      headers: office,
    });
    expect(on.json().user.status).toBe('active');
    const again = await anon('POST', '/api/auth/login', {
      email: user.email,
      password: defaultTestPassword,
    });
    expect(again.statusCode).toBe(200);
    const actions = (
      await app.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.disabled', 'user.enabled']));
  });

  it('back office cannot disable itself', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${officeId}/disable`,
      headers: office,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANNOT_DISABLE_SELF');
  });

  it('resets two-factor back to none', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/reset-two-factor`,
      headers: office,
    });
    expect(res.json().user.twoFactorMethod).toBe('none');
    const login = await anon('POST', '/api/auth/login', {
      email: user.email,
      password: defaultTestPassword,
    });
    expect(login.json().requiresTwoFactor).toBe(false);
    expect(sessionCookieFrom(login)).not.toBeNull();
  });

  it('resend-invitation only for invited users; the old link stops working', async () => {
    const active = await createUser(app);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/users/${active.id}/resend-invitation`,
      headers: office,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_INVITED');

    const { res, since } = await invite({
      email: 'twice@example.com',
      firstName: 'T',
      lastName: 'Wice',
      role: 'contractor',
    });
    const first = await smtp.waitForMessage('twice@example.com', { since });
    const since2 = new Date();
    await app.inject({
      method: 'POST',
      url: `/api/users/${res.json().user.id}/resend-invitation`,
      headers: office,
    });
    const second = await smtp.waitForMessage('twice@example.com', { since: since2 });
    const token = (text: string) =>
      new URL(extractSetPasswordLink(text)).searchParams.get('token')!;
    expect(
      (await anon('GET', `/api/validate-reset-token?token=${token(first.text)}`)).statusCode,
    ).toBe(400);
    expect(
      (await anon('GET', `/api/validate-reset-token?token=${token(second.text)}`)).statusCode,
    ).toBe(200);
  });
});
