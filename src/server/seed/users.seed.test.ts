import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, sameOrigin } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { messages } from '../modules/messages/messages.schema';
import { demoPassword, usersSeeder } from './users.seed';

let app: TestApp;
let ip = 0;

beforeAll(async () => {
  app = await createTestApp();
  await usersSeeder.run({ db: app.deps.database.db, now: new Date() });
});
afterAll(async () => {
  await closeTestApp(app);
});

const login = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.77.0.${(ip += 1)}`,
    headers: sameOrigin(app),
    payload: { email, password: demoPassword },
  });

describe('demo accounts', () => {
  it.each([
    ['office@example.com', 'back_office', false],
    ['contractor@example.com', 'contractor', false],
    ['engineer@example.com', 'engineer', false],
    ['dual@example.com', 'contractor', true],
    ['customer@example.com', 'customer', false],
  ])('%s signs in as %s', async (email, role, dual) => {
    const res = await login(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role, isDualRole: dual });
  });

  it('office2fa@example.com asks for the email code', async () => {
    const res = await login('office2fa@example.com');
    expect(res.json()).toMatchObject({ requiresTwoFactor: true, email: 'office2fa@example.com' });
  });

  it('the engineer and the dual account get SMS codes; the announcement lists all six', async () => {
    for (const phone of ['07700900001', '07700900002']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sms/request-code',
        remoteAddress: `10.77.1.${(ip += 1)}`,
        headers: sameOrigin(app),
        payload: { phone },
      });
      expect(res.statusCode).toBe(200);
    }
    const sent = await app.deps.database.db
      .select({ to: messages.to })
      .from(messages)
      .where(eq(messages.kind, 'sms_login_code'));
    expect(sent.map((m) => m.to).sort()).toEqual(['+447700900001', '+447700900002']);
    const lines = usersSeeder.announce!();
    expect(lines[0]).toBe('Demo sign-ins (password demo-pass-1234):');
    expect(lines).toHaveLength(7);
    expect(lines.join('\n')).toContain('engineer@example.com');
  });
});
