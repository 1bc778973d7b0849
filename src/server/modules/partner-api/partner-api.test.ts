import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createPartner } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { logRedaction } from '../../app';
import { auditLog } from '../audit/audit.schema';
import { idempotencyKeys } from '../../plugins/idempotency.schema';
import { partnerApiKeys, partnerApiRequests } from './partner-api.schema';
import { pruneApiRequestLog } from './partner-api.service';

describe('partner API back office (/api/partner-api, /api/blocked-ips)', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let engineer: AuthHeaders;
  let partnerId: string;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    engineer = (await signInAs(app, 'engineer')).headers;
    partnerId = (await createPartner(app, { name: 'Skyline ISP' })).id;
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = backOffice,
    remoteAddress?: string,
  ) => app.inject({ method, url, payload, headers, remoteAddress });

  describe('keys', () => {
    it('creates a key shown once, lists it without the key, and revokes it', async () => {
      const created = await send(
        'POST',
        '/api/partner-api/keys',
        {
          partnerId,
          name: 'Production',
          scopes: ['read', 'write'],
          allowedCidrs: ['203.0.113.0/24', '2001:DB8::/32'],
        },
        { ...backOffice, 'idempotency-key': randomUUID() },
      );
      expect(created.statusCode, created.body).toBe(201);
      const { key, apiKey } = created.json();
      expect(key).toMatch(/^upk_live_/);
      expect(apiKey).toMatchObject({
        partner: { id: partnerId, name: 'Skyline ISP' },
        prefix: key.slice(0, 17),
        scopes: ['read', 'write'],
        allowedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
        revokedAt: null,
      });
      // The key is never stored: not as an idempotent answer, not in the key's row.
      const stored = await app.deps.database.db.select().from(idempotencyKeys);
      expect(JSON.stringify(stored)).not.toContain(key);
      const [row] = await app.deps.database.db
        .select()
        .from(partnerApiKeys)
        .where(eq(partnerApiKeys.id, apiKey.id));
      expect(JSON.stringify(row)).not.toContain(key);

      const list = await send('GET', `/api/partner-api/keys?partnerId=${partnerId}`);
      expect(list.json().items.map((k: { id: string }) => k.id)).toContain(apiKey.id);
      expect(list.body).not.toContain(key);

      const works = await app.inject({
        url: '/api/v1/orders',
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: '203.0.113.5',
      });
      expect(works.statusCode).toBe(200);

      const revoked = await send('POST', `/api/partner-api/keys/${apiKey.id}/revoke`);
      expect(revoked.json().revokedAt).not.toBeNull();
      const again = await send('POST', `/api/partner-api/keys/${apiKey.id}/revoke`);
      expect(again.statusCode).toBe(404);
      const refused = await app.inject({
        url: '/api/v1/orders',
        headers: { authorization: `Bearer ${key}` },
        remoteAddress: '203.0.113.5',
      });
      expect(refused.json().code).toBe('API_KEY_REVOKED');
      expect(
        (await send('GET', `/api/partner-api/keys?partnerId=${partnerId}`)).json().items,
      ).toHaveLength(0);
      const withRevoked = await send(
        'GET',
        `/api/partner-api/keys?partnerId=${partnerId}&includeRevoked=true`,
      );
      expect(withRevoked.json().items).toHaveLength(1);
      const audited = await app.deps.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, apiKey.id));
      expect(audited.map((a) => a.action).sort()).toEqual([
        'partner_api.key_created',
        'partner_api.key_revoked',
      ]);
    });

    it('lists keys by partner name, the newest first within a partner', async () => {
      const zeta = (await createPartner(app, { name: 'Zeta Fibre' })).id;
      const alpha = (await createPartner(app, { name: 'Alpha Fibre' })).id;
      const created: string[] = [];
      for (const [owner, name] of [
        [zeta, 'Zeta old'],
        [alpha, 'Alpha'],
        [zeta, 'Zeta new'],
      ] as const) {
        const res = await send(
          'POST',
          '/api/partner-api/keys',
          { partnerId: owner, name, scopes: ['read'], allowedCidrs: [] },
          { ...backOffice, 'idempotency-key': randomUUID() },
        );
        expect(res.statusCode, res.body).toBe(201);
        created.push(res.json().apiKey.id);
      }
      const items = (await send('GET', '/api/partner-api/keys')).json().items as {
        id: string;
        name: string;
        partner: { name: string };
      }[];
      const ours = items.filter((key) => created.includes(key.id));
      expect(ours.map((key) => [key.partner.name, key.name])).toEqual([
        ['Alpha Fibre', 'Alpha'],
        ['Zeta Fibre', 'Zeta new'],
        ['Zeta Fibre', 'Zeta old'],
      ]);
    });

    it('refuses bad input and other roles', async () => {
      const bad = await send('POST', '/api/partner-api/keys', {
        partnerId,
        name: 'x',
        scopes: [],
        allowedCidrs: ['10.0.0.0/33', 'nonsense'],
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details)).toEqual(
        expect.arrayContaining(['scopes', 'allowedCidrs.0', 'allowedCidrs.1']),
      );
      const unknown = await send('POST', '/api/partner-api/keys', {
        partnerId: randomUUID(),
        name: 'x',
        scopes: ['read'],
      });
      expect(unknown.statusCode).toBe(400);
      for (const [method, url] of [
        ['GET', '/api/partner-api/keys'],
        ['POST', '/api/partner-api/keys'],
        ['GET', '/api/partner-api/requests'],
        ['GET', '/api/partner-api/settings'],
        ['PUT', '/api/partner-api/settings'],
        ['GET', '/api/blocked-ips'],
        ['POST', '/api/blocked-ips'],
      ] as const) {
        const res = await send(method, url, method === 'GET' ? undefined : {}, engineer);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await app.inject({ url: '/api/partner-api/keys' })).statusCode).toBe(401);
    });
  });

  it('keeps settings, with checks', async () => {
    const initial = await send('GET', '/api/partner-api/settings');
    expect(initial.json()).toEqual({
      rateLimitPerMinute: 600,
      logRetentionDays: 30,
      defaultAllowedCidrs: [],
    });
    const saved = await send('PUT', '/api/partner-api/settings', {
      rateLimitPerMinute: 120,
      logRetentionDays: 7,
      defaultAllowedCidrs: ['198.51.100.0/24'],
    });
    expect(saved.statusCode).toBe(200);
    expect((await send('GET', '/api/partner-api/settings')).json().logRetentionDays).toBe(7);
    const bad = await send('PUT', '/api/partner-api/settings', {
      rateLimitPerMinute: 0,
      logRetentionDays: 7,
      defaultAllowedCidrs: [],
    });
    expect(bad.statusCode).toBe(400);
    await send('PUT', '/api/partner-api/settings', {
      rateLimitPerMinute: 600,
      logRetentionDays: 30,
      defaultAllowedCidrs: [],
    });
  });

  it('lists the request log with filters, and prunes it after the retention', async () => {
    const other = await createPartner(app, { name: 'Filter Partner' });
    const db = app.deps.database.db;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const base = { method: 'GET', ip: '192.0.2.1', requestId: 'r', durationMs: 3 };
    await db.insert(partnerApiRequests).values([
      { ...base, partnerId: other.id, path: '/api/v1/orders', status: 200, at: at(0) },
      { ...base, partnerId: other.id, path: '/api/v1/orders/X', status: 404, at: at(1) },
      {
        ...base,
        partnerId: other.id,
        method: 'POST',
        path: '/api/v1/orders',
        status: 201,
        at: at(40),
      },
    ]);
    const all = await send('GET', `/api/partner-api/requests?partnerId=${other.id}`);
    expect(all.json().total).toBe(3);
    expect(all.json().items[0]).toMatchObject({ partner: { name: 'Filter Partner' }, status: 200 });
    const errors = await send('GET', `/api/partner-api/requests?partnerId=${other.id}&status=4xx`);
    expect(errors.json().items.map((i: { status: number }) => i.status)).toEqual([404]);
    const posts = await send('GET', `/api/partner-api/requests?partnerId=${other.id}&method=POST`);
    expect(posts.json().total).toBe(1);
    const path = await send(
      'GET',
      `/api/partner-api/requests?partnerId=${other.id}&path=orders%2FX`,
    );
    expect(path.json().total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await send(
      'GET',
      `/api/partner-api/requests?partnerId=${other.id}&from=${today}&to=${today}`,
    );
    expect(recent.json().total).toBe(1);
    const bad = await send('GET', '/api/partner-api/requests?status=6xx');
    expect(bad.statusCode).toBe(400);

    expect(await pruneApiRequestLog(db)).toBeGreaterThanOrEqual(1);
    const left = await send('GET', `/api/partner-api/requests?partnerId=${other.id}`);
    expect(left.json().total).toBe(2);
  });

  it('never writes an API key to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({
      logger: {
        level: 'trace',
        redact: logRedaction,
        stream,
        // Even a serializer that logs every header must not leak the key.
        serializers: {
          req: (request: { method: string; url: string; headers: object }) => ({
            method: request.method,
            url: request.url,
            headers: request.headers,
          }),
        },
      },
    });
    const key = `upk_live_${'A'.repeat(36)}`;
    await logged.inject({ url: '/api/v1/orders', headers: { authorization: `Bearer ${key}` } });
    await logged.close();
    expect(lines.join('')).toContain('[redacted]');
    expect(lines.join('')).not.toContain(key);
  });

  describe('blocked IPs', () => {
    const probe = (target: TestApp, ip: string) =>
      target.inject({ url: '/api/sms-auth-status', remoteAddress: ip });

    it('blocks and unblocks ranges, IPv4 and IPv6, on every server at once', async () => {
      // A second server on the same database: a block made on one holds on the other at once.
      const second = await createTestApp();
      const v4 = await send('POST', '/api/blocked-ips', {
        ip: '198.51.100.0/24',
        reason: 'Scraping',
        expiresInHours: 2,
      });
      expect(v4.statusCode, v4.body).toBe(201);
      expect(v4.json()).toMatchObject({ ip: '198.51.100.0/24', source: 'manual' });
      const v6 = await send('POST', '/api/blocked-ips', {
        ip: '2001:db8:abcd::/48',
        reason: 'Abuse',
        expiresInHours: null,
      });
      expect(v6.statusCode).toBe(201);
      expect(v6.json().expiresAt).toBeNull();

      expect((await probe(second, '198.51.100.77')).statusCode).toBe(403);
      expect((await probe(second, '2001:db8:abcd:1::9')).statusCode).toBe(403);
      expect((await probe(second, '198.51.101.1')).statusCode).toBe(200);
      expect((await probe(app, '2001:db8:abce::1')).statusCode).toBe(200);
      const v1 = await second.inject({ url: '/api/v1/orders', remoteAddress: '198.51.100.5' });
      expect(v1.statusCode).toBe(403);
      expect(v1.headers['content-type']).toMatch(/problem\+json/);

      const list = await send('GET', '/api/blocked-ips');
      expect(list.json().blockedIps).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            ip: '198.51.100.0/24',
            reason: 'Scraping',
            createdBy: expect.any(String),
          }),
        ]),
      );
      expect((await send('DELETE', `/api/blocked-ips/${v4.json().id}`)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/blocked-ips/${v6.json().id}`)).statusCode).toBe(200);
      expect((await probe(second, '198.51.100.77')).statusCode).toBe(200);
      expect((await probe(second, '2001:db8:abcd:1::9')).statusCode).toBe(200);
      await second.close();
    });

    it('refuses bad ranges and a range holding your own address', async () => {
      const bad = await send('POST', '/api/blocked-ips', {
        ip: '300.1.1.1',
        reason: 'x',
        expiresInHours: 1,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.ip).toBeDefined();
      const noReason = await send('POST', '/api/blocked-ips', {
        ip: '192.0.2.1',
        reason: ' ',
        expiresInHours: 1,
      });
      expect(noReason.statusCode).toBe(400);
      const self = await send(
        'POST',
        '/api/blocked-ips',
        { ip: '10.20.0.0/16', reason: 'oops', expiresInHours: 1 },
        backOffice,
        '10.20.3.4',
      );
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toMatch(/your own address/);
    });
  });
});
