import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createUser, defaultTestPassword, sameOrigin } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { authRateLimits } from '../auth/auth.routes';
import { rateLimitCounters } from './rate-limit.schema';
import { hitRateLimit } from './rate-limit.service';

// Issue 9: the per-address limits hold across servers: two app instances on one database (two
// servers behind one load balancer) share the counters.

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp();
});

let email: string;
beforeAll(async () => {
  // Right passwords: failures would block the address (a different defence) before the limit.
  email = (await createUser(first)).email;
});

const login = (app: TestApp, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: defaultTestPassword },
    remoteAddress: ip,
    headers: sameOrigin(app),
  });

describe('rate limits shared by servers on one database', () => {
  it('two servers together allow the per-address sign-in limit once, not twice', async () => {
    const ip = '203.0.113.50';
    const max = authRateLimits.signIn.max;
    const statuses: number[] = [];
    // Alternate between the servers, as a load balancer would.
    for (let i = 0; i < max + 2; i += 1) {
      statuses.push((await login(i % 2 === 0 ? first : second, ip)).statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
    const refused = await login(first, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected, on either server.
    expect((await login(second, '203.0.113.51')).statusCode).toBe(200);
  });

  it('counts every hit of a burst at once exactly once', async () => {
    const db = first.deps.database.db;
    const limit = { key: `burst|${Date.now()}`, windowMs: 60_000, max: 10 };
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        hitRateLimit(i % 2 === 0 ? db : second.deps.database.db, limit),
      ),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('starts a new window when the last one has ended (reusable: any key, window and max)', async () => {
    const db = first.deps.database.db;
    const limit = { key: `partner-key|${Date.now()}`, windowMs: 60_000, max: 1 };
    expect((await hitRateLimit(db, limit)).allowed).toBe(true);
    expect((await hitRateLimit(db, limit)).allowed).toBe(false);
    // The window ends (moved into the past rather than waited for).
    await db
      .update(rateLimitCounters)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, limit.key));
    const fresh = await hitRateLimit(db, limit);
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });
});
