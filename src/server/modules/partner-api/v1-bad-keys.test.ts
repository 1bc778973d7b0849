import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPartner } from '../../../../tests/factories/orders';
import { signInAs, waitFor, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { partnerApiKeys, partnerApiRequests } from './partner-api.schema';
import type { ApiRequestLogItem } from '@shared/partner-api/partner-api.contracts';
import { generateApiKey } from './api-key-format';
import { createApiKey, revokeApiKey } from './partner-api.service';
import {
  badKeyBlockDurationMs,
  badKeyBlockThreshold,
  badKeyLimitPerMinute,
} from './v1-bad-key-throttle';

// Issue 18: malformed, unknown (and missing, revoked) keys are throttled per client address, the
// address is blocked after repeated abuse, and such requests write one log row per address and
// minute. Each test uses its own address: the counters live in the database.

describe('/api/v1 requests with bad keys', () => {
  let app: TestApp;
  let office: AuthHeaders;
  let goodKey: string;
  let revokedKey: string;

  beforeAll(async () => {
    app = await createTestApp();
    office = (await signInAs(app, 'back_office')).headers;
    const partnerId = (await createPartner(app)).id;
    const make = async () =>
      (
        await createApiKey(
          app.deps.database.db,
          { partnerId, name: 'Bad keys', scopes: ['read', 'write'], allowedCidrs: [] },
          {},
        )
      ).key;
    goodKey = await make();
    revokedKey = await make();
    const [row] = await app.deps.database.db
      .select({ id: partnerApiKeys.id })
      .from(partnerApiKeys)
      .where(eq(partnerApiKeys.prefix, revokedKey.slice(0, 17)));
    await revokeApiKey(app.deps.database.db, row!.id, {});
  });

  /** Malformed, unknown, missing and revoked keys in turn. */
  const badKeys = () => ['upk_live_nothing', generateApiKey().key, null, revokedKey, 'x'];
  const orders = (ip: string, key: string | null, url = '/api/v1/orders') =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    });

  const logRows = (ip: string) =>
    app.deps.database.db.select().from(partnerApiRequests).where(eq(partnerApiRequests.ip, ip));

  /**
   * The address's keyless log rows once all `total` requests are counted in them (the log is
   * written after the answer), checked to be one row per clock minute: a burst that happens to
   * cross a minute has two, the newest showing the latest call.
   */
  async function keylessRowsOf(ip: string, total: number) {
    const rows = await waitFor(async () => {
      const found = await logRows(ip);
      return found.reduce((sum, row) => sum + row.count, 0) === total ? found : null;
    });
    const minutes = rows.map((row) => row.aggregateKey!.split('|').at(-1)!).sort();
    expect(new Set(minutes).size).toBe(rows.length);
    expect(rows.length).toBeLessThanOrEqual(2);
    return rows.sort((a, b) => (a.aggregateKey! < b.aggregateKey! ? -1 : 1));
  }

  it('answers 401 up to the limit, then 429 with Retry-After as problem details', async () => {
    const ip = '198.51.100.21';
    const keys = badKeys();
    for (let i = 0; i < badKeyLimitPerMinute; i += 1) {
      const res = await orders(ip, keys[i % keys.length]!);
      expect(res.statusCode, res.body).toBe(401);
    }
    const throttled = await orders(ip, generateApiKey().key);
    expect(throttled.statusCode, throttled.body).toBe(429);
    expect(throttled.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(throttled.json()).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      type: 'urn:uplink:problem:rate-limited',
      detail: expect.stringContaining(ip),
    });
    // A malformed key is throttled as well (it is refused without a lookup, but still counted).
    expect((await orders(ip, 'upk_live_nothing')).statusCode).toBe(429);
    // Another address is untouched.
    expect((await orders('198.51.100.22', 'upk_live_nothing')).statusCode).toBe(401);
  });

  it('never throttles a valid key, even from a throttled address', async () => {
    const ip = '198.51.100.31';
    for (let i = 0; i <= badKeyLimitPerMinute; i += 1) await orders(ip, 'upk_live_nothing');
    expect((await orders(ip, 'upk_live_nothing')).statusCode).toBe(429);
    const good = await orders(ip, goodKey);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('counts an IPv4 address seen through an IPv6 socket as the same address', async () => {
    for (let i = 0; i < badKeyLimitPerMinute; i += 1) {
      await orders(i % 2 ? '198.51.100.41' : '::ffff:198.51.100.41', 'upk_live_nothing');
    }
    expect((await orders('198.51.100.41', 'upk_live_nothing')).statusCode).toBe(429);
  });

  it('writes one log row per address and minute for requests with bad keys', async () => {
    const ip = '2001:db8::51';
    const sent = badKeyLimitPerMinute + 5;
    for (let i = 0; i < sent; i += 1) await orders(ip, badKeys()[i % 5]!);
    // The log is written after each answer, so wait for those rows before the last request:
    // otherwise an earlier request's write could land after it and show on the row instead.
    await keylessRowsOf(ip, sent);
    // An unknown path without a key, from the same address, joins the same row.
    await orders(ip, null, '/api/v1/nothing-here');
    const rows = await keylessRowsOf(ip, sent + 1);
    expect(rows.at(-1)).toMatchObject({
      partnerId: null,
      keyPrefix: null,
      status: 404,
      errorCode: 'NOT_FOUND',
      path: '/api/v1/nothing-here',
      aggregateKey: expect.stringMatching(/^keyless\|2001:db8::51\|/),
    });

    // Back office sees it with its count; requests with a valid key keep a row each.
    await orders(ip, goodKey);
    await orders(ip, goodKey);
    await waitFor(async () =>
      (await logRows(ip)).filter((row) => row.aggregateKey === null).length === 2 ? true : null,
    );
    const list = await app.inject({
      method: 'GET',
      url: '/api/partner-api/requests?path=api%2Fv1',
      headers: office,
    });
    const mine = (list.json().items as ApiRequestLogItem[]).filter((item) => item.ip === ip);
    const keyed = mine.filter((item) => item.keyPrefix !== null);
    expect(keyed.map((item) => item.count)).toEqual([1, 1]);
    const keyless = mine.filter((item) => item.keyPrefix === null);
    expect(keyless.reduce((sum, item) => sum + item.count, 0)).toBe(sent + 1);
  });

  it('blocks an address that keeps sending bad keys, for an hour, on the blocked-IPs list', async () => {
    const ip = '203.0.113.61';
    const statuses: number[] = [];
    for (let i = 0; i < badKeyBlockThreshold; i += 1) {
      statuses.push((await orders(ip, badKeys()[i % 5]!)).statusCode);
    }
    expect(statuses.slice(0, badKeyLimitPerMinute)).toEqual(Array(badKeyLimitPerMinute).fill(401));
    expect(new Set(statuses.slice(badKeyLimitPerMinute, -1))).toEqual(new Set([429]));
    expect(statuses.at(-1)).toBe(403);

    // From now on the address is refused before any key is read, even with a valid key.
    const refused = await orders(ip, goodKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'IP_BLOCKED' });
    const page = await app.inject({ method: 'GET', url: '/login', remoteAddress: ip });
    expect(page.statusCode).toBe(403);

    const list = await app.inject({ method: 'GET', url: '/api/blocked-ips', headers: office });
    const entries = (
      list.json() as {
        blockedIps: { id: string; ip: string; source: string; reason: string; expiresAt: string }[];
      }
    ).blockedIps.filter((entry) => entry.ip === ip);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      source: 'automatic',
      reason: expect.stringContaining('invalid key'),
    });
    const expiresIn = Date.parse(entries[0]!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(badKeyBlockDurationMs - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(badKeyBlockDurationMs);
    const audited = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'security.ip_blocked'), eq(auditLog.targetId, ip)));
    expect(audited).toHaveLength(1);

    // The whole burst, blocked answers included, is one log row a minute.
    const rows = await keylessRowsOf(ip, badKeyBlockThreshold + 1);
    expect(rows.at(-1)).toMatchObject({
      status: 403,
      errorCode: 'IP_BLOCKED',
    });

    // Lifted by back office, the address works again with a valid key.
    const lifted = await app.inject({
      method: 'DELETE',
      url: `/api/blocked-ips/${entries[0]!.id}`,
      headers: office,
    });
    expect(lifted.statusCode).toBe(200);
    expect((await orders(ip, goodKey)).statusCode).toBe(200);
  }, 60_000);
});
