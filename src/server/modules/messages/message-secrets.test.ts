import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  defaultTestPassword,
  sameOrigin,
  signInAs,
  type AuthHeaders,
} from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { authCodes } from '../auth/auth-codes.schema';
import { auditLimits, recordAudit } from '../audit/audit.service';
import { maskedSecret } from './message-secrets';

// Issue 9, smaller items: spent codes and links masked in the outbox, no-store on API answers,
// capped audit rows.

let app: TestApp;
let office: AuthHeaders;
let ip = 0;
const nextIp = () => `10.41.0.${(ip += 1)}`;

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
});

const outboxBody = async (to: string) => {
  const res = await app.inject({
    url: `/api/messages?to=${encodeURIComponent(to)}`,
    headers: office,
  });
  return res.json().messages as { id: string; body: string; kind: string }[];
};

describe('outbox: a code or link only while it can be used', () => {
  it('shows a two-factor code until it is used, masked after', async () => {
    const user = await createUser(app, { twoFactorMethod: 'email' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      headers: sameOrigin(app),
      payload: { email: user.email, password: defaultTestPassword },
    });
    const [live] = await outboxBody(user.email);
    const code = /\b(\d{6})\b/.exec(live!.body)![1]!;
    // Used: consumed by a successful check.
    await app.deps.database.db
      .update(authCodes)
      .set({ consumedAt: new Date() })
      .where(eq(authCodes.userId, user.id));
    const [spent] = await outboxBody(user.email);
    expect(spent!.body).not.toContain(code);
    expect(spent!.body).toContain(maskedSecret);
    const one = await app.inject({ url: `/api/messages/${spent!.id}`, headers: office });
    expect(one.json().message.body).not.toContain(code);
  });

  it('masks an SMS code once a newer one replaced it or it expired', async () => {
    const phone = '+447700900555';
    await createUser(app, { role: 'engineer', phone });
    const request = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sms/request-code',
        remoteAddress: nextIp(),
        headers: sameOrigin(app),
        payload: { phone: '07700900555' },
      });
    await request();
    await request();
    const [newer, older] = await outboxBody(phone);
    expect(newer!.body).toMatch(/\b\d{6}\b/);
    expect(older!.body).not.toMatch(/\b\d{6}\b/);
    expect(older!.body).toContain(maskedSecret);
    const [row] = await app.deps.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.destination, phone))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    await app.deps.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.id, row!.id));
    const [expired] = await outboxBody(phone);
    expect(expired!.body).toContain(maskedSecret);
  });

  it('masks an invitation link once it has been used', async () => {
    const invite = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: office,
      remoteAddress: nextIp(),
      payload: {
        email: 'new.person@example.org',
        firstName: 'New',
        lastName: 'Person',
        role: 'engineer',
      },
    });
    expect(invite.statusCode).toBe(201);
    const [live] = await outboxBody('new.person@example.org');
    const token = /token=([\w-]+)/.exec(live!.body)![1]!;
    const set = await app.inject({
      method: 'POST',
      url: '/api/set-password',
      remoteAddress: nextIp(),
      headers: sameOrigin(app),
      payload: { token, password: 'a long enough passphrase' },
    });
    expect(set.statusCode).toBe(200);
    const [spent] = await outboxBody('new.person@example.org');
    expect(spent!.body).not.toContain(token);
    expect(spent!.body).toContain(`token=${maskedSecret}`);
  });
});

describe('Cache-Control on API answers', () => {
  it('sends no-store on answers with personal data, signed in or not', async () => {
    const me = await app.inject({ url: '/api/auth/user', headers: office });
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await app.inject({ url: '/api/messages', headers: office });
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ url: '/api/users' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('audit rows are capped', () => {
  it('does not keep a 100 KB phone number whole (through the anonymous SMS verify call)', async () => {
    const phone = '0'.repeat(100_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sms/verify-code',
      remoteAddress: '10.41.9.9',
      headers: sameOrigin(app),
      payload: { phone, code: '123456' },
    });
    expect(res.statusCode).toBeLessThan(500);
    const rows = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.ip, '10.41.9.9'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row.details).length).toBeLessThanOrEqual(auditLimits.detailsJson);
      expect(JSON.stringify(row.details)).not.toContain('0'.repeat(auditLimits.text + 1));
    }
  });

  it('caps every stored field, and details as a whole', async () => {
    const long = 'x'.repeat(10_000);
    await recordAudit(app.deps.database.db, {
      action: 'test.capped',
      ip: long,
      userAgent: long,
      targetType: long,
      targetId: long,
      details: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, long])),
    });
    const [row] = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.capped'));
    for (const value of [row!.ip, row!.userAgent, row!.targetType, row!.targetId]) {
      expect(value!.length).toBeLessThanOrEqual(auditLimits.text);
    }
    expect(JSON.stringify(row!.details).length).toBeLessThanOrEqual(auditLimits.detailsJson);
  });
});
