import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, defaultTestPassword, sameOrigin } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { authCodes } from './auth-codes.schema';
import { messages } from '../messages/messages.schema';
import { users } from '../users/users.schema';
import { maxCodeAttempts } from './codes.service';

// Issue 9: the account lock and the per-code attempt limit hold when requests arrive at once.

let app: TestApp;
let ipCounter = 0;
// A fresh address per request keeps the per-address limits out of these tests.
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

beforeAll(async () => {
  app = await createTestApp();
});

const login = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
    headers: sameOrigin(app),
  });

async function userRow(id: string) {
  const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('account lock under concurrency', () => {
  // The probe: three (or four) wrong passwords, then three wrong and the right one at
  // once. The interleaving differs from run to run; every run must end consistently.
  it.each([
    [3, 1],
    [3, 2],
    [4, 1],
    [4, 2],
  ])(
    '%i wrong, then three wrong and the right one at once: never in once the lock is decided (round %i)',
    async (before) => {
      const user = await createUser(app);
      for (let i = 0; i < before; i += 1) {
        expect((await login(user.email, `wrong-${i}`)).statusCode).toBe(401);
      }
      const answers = await Promise.all([
        login(user.email, 'wrong-a'),
        login(user.email, 'wrong-b'),
        login(user.email, 'wrong-c'),
        login(user.email, defaultTestPassword),
      ]);
      const right = answers[3]!.statusCode;
      const wrongStatuses = answers.slice(0, 3).map((res) => res.statusCode);
      const row = await userRow(user.id);
      const lockedNow = !!row.lockedUntil && row.lockedUntil > new Date();
      expect([200, 423]).toContain(right);
      if (right === 200) {
        // In before the fifth failure: the failures after it started again from zero.
        expect(wrongStatuses).not.toContain(423);
        expect(lockedNow).toBe(false);
      } else {
        // Refused: the fifth failure locked the account, and the lock stays.
        expect(lockedNow).toBe(true);
        expect(wrongStatuses).toContain(423);
        expect((await login(user.email, defaultTestPassword)).statusCode).toBe(423);
      }
      const locks = await app.deps.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'auth.account_locked')));
      expect(locks).toHaveLength(lockedNow ? 1 : 0);
    },
  );
});

describe('per-code attempt limit under concurrency', () => {
  async function smsCode(phone: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sms/request-code',
      payload: { phone },
      remoteAddress: nextIp(),
      headers: sameOrigin(app),
    });
    expect(res.statusCode).toBe(200);
    const [message] = await app.deps.database.db
      .select()
      .from(messages)
      .where(eq(messages.kind, 'sms_login_code'))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    return /\b(\d{6})\b/.exec(message!.body)![1]!;
  }

  const verify = (phone: string, code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sms/verify-code',
      payload: { phone, code },
      remoteAddress: nextIp(),
      headers: sameOrigin(app),
    });

  it('compares a code at most five times, however many tries arrive at once', async () => {
    const e164 = '+447700900777';
    const user = await createUser(app, { role: 'engineer', phone: e164 });
    const code = await smsCode('07700900777');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < maxCodeAttempts - 1; i += 1) {
      expect((await verify('07700900777', wrongCode)).statusCode).toBe(401);
    }
    // The fifth and last try: three wrong and the right one at once.
    const [right, ...wrong] = await Promise.all([
      verify('07700900777', code),
      verify('07700900777', wrongCode),
      verify('07700900777', wrongCode),
      verify('07700900777', wrongCode),
    ]);
    const compared = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'auth.code_failed')));
    const wrongCompared = compared.filter(
      (row) => (row.details as { reason?: string }).reason === 'wrong_code',
    ).length;
    // Five comparisons in all: four earlier wrong ones, then exactly one of the four at once.
    expect(wrongCompared + (right!.statusCode === 200 ? 1 : 0)).toBe(maxCodeAttempts);
    expect(wrong.every((res) => res.statusCode === 401)).toBe(true);
    const [row] = await app.deps.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.destination, e164))
      .orderBy(desc(authCodes.createdAt))
      .limit(1);
    expect(row!.attempts).toBe(maxCodeAttempts);
    expect(row!.consumedAt).not.toBeNull();
  });
});
