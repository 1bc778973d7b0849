import { randomUUID } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createJobType, createPartner } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { idempotencyKeys } from '../../plugins/idempotency.schema';
import { orders } from '../orders/orders.schema';
import { partnerApiKeys, partnerApiRequests } from './partner-api.schema';
import { partners } from '../partners/partners.schema';
import { generateApiKey, isWellFormedApiKey } from './api-key-format';
import { createApiKey, revokeApiKey, setPartnerApiSettings } from './partner-api.service';

type Scope = 'read' | 'write';

describe('partner API /api/v1', () => {
  let app: TestApp;
  let partnerId: string;
  let jobTypeCode: string;
  let key: string;

  const newKey = async (
    options: { scopes?: Scope[]; allowedCidrs?: string[]; partner?: string } = {},
  ) =>
    (
      await createApiKey(
        app.deps.database.db,
        {
          partnerId: options.partner ?? partnerId,
          name: 'Test key',
          scopes: options.scopes ?? ['read', 'write'],
          allowedCidrs: options.allowedCidrs ?? [],
        },
        {},
      )
    ).key;

  const orderBody = (reference = `REF-${randomUUID().slice(0, 8)}`) => ({
    partnerReference: reference,
    jobType: jobTypeCode,
    customer: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '07700 900123',
      address: { line1: '1 High Street', town: 'Exeter', postcode: 'ex1 1aa' },
    },
    requestedDate: '2030-05-01',
    kitSupplied: true,
  });

  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: object; key?: string | null; idempotencyKey?: string; ip?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      remoteAddress: options.ip,
      payload: options.payload,
      headers: {
        ...(options.key === null ? {} : { authorization: `Bearer ${options.key ?? key}` }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
    });

  const create = (body: object = orderBody(), idempotencyKey = randomUUID(), apiKey = key) =>
    send('POST', '/api/v1/orders', { payload: body, idempotencyKey, key: apiKey });

  beforeAll(async () => {
    app = await createTestApp();
    partnerId = (await createPartner(app, { name: 'SBPM' })).id;
    jobTypeCode = (await createJobType(app)).code;
    key = await newKey();
  });

  it('makes keys with our prefix and a checksum', () => {
    const generated = generateApiKey();
    expect(generated.key).toMatch(/^upk_live_[0-9A-Za-z]{36}$/);
    expect(isWellFormedApiKey(generated.key)).toBe(true);
    expect(generated.prefix).toBe(generated.key.slice(0, 17));
    expect(generated.hash).not.toContain(generated.key);
    const last = generated.key.at(-1) === 'a' ? 'b' : 'a';
    expect(isWellFormedApiKey(generated.key.slice(0, -1) + last)).toBe(false);
  });

  it('creates an order as the partner, with its event, and answers 201 with Location', async () => {
    const body = orderBody('SBPM-1001');
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      partnerReference: 'SBPM-1001',
      status: 'received',
      kitStatus: 'customer_supplied',
      kitSupplied: true,
      requestedDate: '2030-05-01',
      customer: { phone: '+447700900123', address: { postcode: 'EX1 1AA' } },
    });
    expect(res.headers.location).toBe(`/api/v1/orders/${order.orderNumber}`);
    const events = await send('GET', `/api/v1/orders/${order.orderNumber}/events`);
    expect(events.json().items).toEqual([
      expect.objectContaining({ type: 'created', actorRole: 'partner', toStatus: 'received' }),
    ]);
    const byNumber = await send('GET', `/api/v1/orders/${order.orderNumber}`);
    expect(byNumber.json().partnerReference).toBe('SBPM-1001');
    const byRef = await send('GET', '/api/v1/orders/by-reference/SBPM-1001');
    expect(byRef.json().orderNumber).toBe(order.orderNumber);
  });

  it('answers problem details for bad input', async () => {
    const res = await create({
      ...orderBody(),
      customer: { ...orderBody().customer, email: null, phone: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      type: expect.stringMatching(/^urn:uplink:problem:/),
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: expect.any(String),
      errors: { 'customer.email': expect.any(Array) },
    });
    const retired = await createJobType(app, { active: false });
    const unknownType = await create({ ...orderBody(), jobType: 'NOPE' });
    expect(unknownType.json()).toMatchObject({ status: 400, code: 'UNKNOWN_JOB_TYPE' });
    // It names the codes that exist (issue 24): the active ones only.
    expect(unknownType.json().detail).toContain(jobTypeCode);
    expect(unknownType.json().errors.jobType[0]).toContain(jobTypeCode);
    expect(unknownType.json().detail).not.toContain(retired.code);
    const nowhere = await send('GET', '/api/v1/nowhere');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().code).toBe('NOT_FOUND');
  });

  it('refuses a partner reference seen before, naming the order', async () => {
    const first = await create(orderBody('DUP-1'));
    const second = await create(orderBody('DUP-1'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'DUPLICATE_PARTNER_REFERENCE',
      existingOrderNumber: first.json().orderNumber,
    });
  });

  describe('keys', () => {
    it('refuses a missing, malformed, unknown or revoked key (401)', async () => {
      const missing = await send('GET', '/api/v1/orders', { key: null });
      expect([missing.statusCode, missing.json().code]).toEqual([401, 'API_KEY_MISSING']);
      const malformed = await send('GET', '/api/v1/orders', { key: 'upk_live_nothing' });
      expect([malformed.statusCode, malformed.json().code]).toEqual([401, 'API_KEY_MALFORMED']);
      const unknown = await send('GET', '/api/v1/orders', { key: generateApiKey().key });
      expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'API_KEY_UNKNOWN']);
      const doomed = await newKey();
      expect((await send('GET', '/api/v1/orders', { key: doomed })).statusCode).toBe(200);
      const [row] = await app.deps.database.db
        .select({ id: partnerApiKeys.id })
        .from(partnerApiKeys)
        .where(eq(partnerApiKeys.prefix, doomed.slice(0, 17)));
      await revokeApiKey(app.deps.database.db, row!.id, {});
      const revoked = await send('GET', '/api/v1/orders', { key: doomed });
      expect([revoked.statusCode, revoked.json().code]).toEqual([401, 'API_KEY_REVOKED']);
    });

    it('refuses a session cookie: only the key counts', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/orders',
        cookies: { uplink_session: 'whatever' },
      });
      expect(res.json().code).toBe('API_KEY_MISSING');
    });

    it('needs the scope of the call (403)', async () => {
      const readOnly = await newKey({ scopes: ['read'] });
      expect((await send('GET', '/api/v1/orders', { key: readOnly })).statusCode).toBe(200);
      const res = await create(orderBody(), randomUUID(), readOnly);
      expect([res.statusCode, res.json().code]).toEqual([403, 'API_KEY_SCOPE_MISSING']);
      const writeOnly = await newKey({ scopes: ['write'] });
      const read = await send('GET', '/api/v1/orders', { key: writeOnly });
      expect(read.json().code).toBe('API_KEY_SCOPE_MISSING');
    });

    it('keeps to its allowed ranges, IPv4 and IPv6 (403 elsewhere)', async () => {
      const limited = await newKey({ allowedCidrs: ['203.0.113.0/24', '2001:db8::/32'] });
      const inside = await send('GET', '/api/v1/orders', { key: limited, ip: '203.0.113.9' });
      expect(inside.statusCode).toBe(200);
      const inside6 = await send('GET', '/api/v1/orders', { key: limited, ip: '2001:db8::5' });
      expect(inside6.statusCode).toBe(200);
      const outside = await send('GET', '/api/v1/orders', { key: limited, ip: '198.51.100.1' });
      expect([outside.statusCode, outside.json().code]).toEqual([
        403,
        'API_KEY_ADDRESS_NOT_ALLOWED',
      ]);
      const outside6 = await send('GET', '/api/v1/orders', { key: limited, ip: '2001:db9::1' });
      expect(outside6.statusCode).toBe(403);
    });

    it("sees only its own partner's orders", async () => {
      const other = await createPartner(app);
      const otherKey = await newKey({ partner: other.id });
      const mine = (await create(orderBody('MINE-1'))).json();
      const res = await send('GET', `/api/v1/orders/${mine.orderNumber}`, { key: otherKey });
      expect(res.statusCode).toBe(404);
      const cancel = await send('POST', `/api/v1/orders/${mine.orderNumber}/cancel`, {
        key: otherKey,
        payload: { reason: 'not yours' },
      });
      expect(cancel.statusCode).toBe(404);
    });

    it('refuses keys of an inactive partner', async () => {
      const other = await createPartner(app);
      const otherKey = await newKey({ partner: other.id });
      await app.deps.database.db
        .update(partners)
        .set({ active: false })
        .where(eq(partners.id, other.id));
      const res = await send('GET', '/api/v1/orders', { key: otherKey });
      expect([res.statusCode, res.json().code]).toEqual([403, 'PARTNER_INACTIVE']);
    });

    it('keeps the last use to the minute: a busy key is rewritten only for a new address or a minute on', async () => {
      const fresh = await newKey();
      const prefix = fresh.slice(0, 17);
      const lastUse = async () => {
        const [row] = await app.deps.database.db
          .select({ at: partnerApiKeys.lastUsedAt, ip: partnerApiKeys.lastUsedIp })
          .from(partnerApiKeys)
          .where(eq(partnerApiKeys.prefix, prefix));
        return row!;
      };
      const logged = async () =>
        (
          await app.deps.database.db
            .select({ id: partnerApiRequests.id })
            .from(partnerApiRequests)
            .where(eq(partnerApiRequests.keyPrefix, prefix))
        ).length;
      const call = async (ip: string, expectedLogs: number) => {
        expect((await send('GET', '/api/v1/orders?limit=1', { key: fresh, ip })).statusCode).toBe(
          200,
        );
        // The log and the last use are written after the answer.
        await expect.poll(logged).toBe(expectedLogs);
      };

      await call('192.0.2.50', 1);
      await expect.poll(async () => (await lastUse()).ip).toBe('192.0.2.50');
      const first = await lastUse();
      await call('192.0.2.50', 2);
      expect(await lastUse()).toEqual(first);

      await call('192.0.2.51', 3);
      await expect.poll(async () => (await lastUse()).ip).toBe('192.0.2.51');

      const hourAgo = new Date(Date.now() - 60 * 60_000);
      await app.deps.database.db
        .update(partnerApiKeys)
        .set({ lastUsedAt: hourAgo })
        .where(eq(partnerApiKeys.prefix, prefix));
      await call('192.0.2.51', 4);
      await expect
        .poll(async () => (await lastUse()).at!.getTime())
        .toBeGreaterThan(hourAgo.getTime());
    });

    it('keeps the last used time and logs the request with the key prefix only', async () => {
      const fresh = await newKey();
      const res = await send('GET', '/api/v1/orders?limit=1', { key: fresh, ip: '192.0.2.44' });
      expect(res.statusCode).toBe(200);
      const prefix = fresh.slice(0, 17);
      await expect
        .poll(async () => {
          const [row] = await app.deps.database.db
            .select()
            .from(partnerApiKeys)
            .where(eq(partnerApiKeys.prefix, prefix));
          return row?.lastUsedIp;
        })
        .toBe('192.0.2.44');
      // The log row is written after the answer, apart from the last-used time: wait for it too.
      const loggedRows = () =>
        app.deps.database.db
          .select()
          .from(partnerApiRequests)
          .where(eq(partnerApiRequests.keyPrefix, prefix));
      await expect.poll(async () => (await loggedRows()).length).toBe(1);
      const logged = await loggedRows();
      expect(logged).toEqual([
        expect.objectContaining({
          partnerId,
          method: 'GET',
          path: '/api/v1/orders?limit=1',
          status: 200,
          ip: '192.0.2.44',
        }),
      ]);
      expect(JSON.stringify(logged)).not.toContain(fresh);
    });
  });

  describe('idempotency', () => {
    it('needs a key to create (400)', async () => {
      const res = await send('POST', '/api/v1/orders', { payload: orderBody() });
      expect([res.statusCode, res.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    });

    it('answers the first result to the same key and body, with no second order', async () => {
      const body = orderBody();
      const idem = randomUUID();
      const first = await create(body, idem);
      const again = await create(body, idem);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().orderNumber).toBe(first.json().orderNumber);
      const rows = await app.deps.database.db
        .select()
        .from(orders)
        .where(eq(orders.partnerReference, body.partnerReference));
      expect(rows).toHaveLength(1);
    });

    it('refuses the same key with another body (422)', async () => {
      const idem = randomUUID();
      await create(orderBody(), idem);
      const res = await create(orderBody(), idem);
      expect([res.statusCode, res.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    });

    it('keeps keys per API key: another key may reuse the same Idempotency-Key', async () => {
      const idem = randomUUID();
      const other = await newKey();
      expect((await create(orderBody(), idem)).statusCode).toBe(201);
      expect((await create(orderBody(), idem, other)).statusCode).toBe(201);
    });

    it('answers 409 to a retry while the first is still running', async () => {
      const idem = randomUUID();
      const [row] = await app.deps.database.db
        .select({ id: partnerApiKeys.id })
        .from(partnerApiKeys)
        .where(eq(partnerApiKeys.prefix, key.slice(0, 17)));
      const body = orderBody();
      // A first request that is still running: its claim is in the table.
      const { requestFingerprint } = await import('../../plugins/idempotency');
      await app.deps.database.db.insert(idempotencyKeys).values({
        apiKeyId: row!.id,
        key: idem,
        fingerprint: requestFingerprint('POST', '/api/v1/orders', body),
        method: 'POST',
        path: '/api/v1/orders',
        status: 'running',
        runId: randomUUID(),
      });
      const res = await create(body, idem);
      expect([res.statusCode, res.json().code]).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS']);
      expect(res.headers['retry-after']).toBe('1');
    });

    it('two concurrent requests with one key make one order', async () => {
      const body = orderBody();
      const idem = randomUUID();
      const answers = await Promise.all([create(body, idem), create(body, idem)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      // Either the second waited and replayed (201, 201) or found the first running (201, 409).
      expect(statuses[0]).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      const rows = await app.deps.database.db
        .select()
        .from(orders)
        .where(eq(orders.partnerReference, body.partnerReference));
      expect(rows).toHaveLength(1);
    });
  });

  it('cancels before scheduling, with a reason, idempotently', async () => {
    const order = (await create()).json();
    const noReason = await send('POST', `/api/v1/orders/${order.orderNumber}/cancel`, {
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const idem = randomUUID();
    const cancel = () =>
      send('POST', `/api/v1/orders/${order.orderNumber}/cancel`, {
        payload: { reason: 'Customer changed their mind' },
        idempotencyKey: idem,
      });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Customer changed their mind',
    });
    const replay = await cancel();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const twice = await send('POST', `/api/v1/orders/${order.orderNumber}/cancel`, {
      payload: { reason: 'again' },
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'INVALID_TRANSITION']);
    const events = (await send('GET', `/api/v1/orders/${order.orderNumber}/events`)).json().items;
    expect(events.map((e: { type: string }) => e.type)).toEqual(['created', 'cancel']);
  });

  it('refuses to cancel once scheduled', async () => {
    const order = (await create()).json();
    await app.deps.database.db
      .update(orders)
      .set({ status: 'scheduled' })
      .where(eq(orders.orderNumber, order.orderNumber));
    const res = await send('POST', `/api/v1/orders/${order.orderNumber}/cancel`, {
      payload: { reason: 'too late' },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'INVALID_TRANSITION']);
    expect(res.json().detail).toMatch(/only before a visit is scheduled/);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('pages newest first with a cursor that stays stable while orders arrive', async () => {
    const partner = await createPartner(app);
    const pagingKey = await newKey({ partner: partner.id });
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push((await create(orderBody(`PAGE-${i}`), randomUUID(), pagingKey)).json().orderNumber);
    }
    const page1 = (await send('GET', '/api/v1/orders?limit=2', { key: pagingKey })).json();
    expect(page1.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      made[4],
      made[3],
    ]);
    // New orders arrive between pages: the next pages neither repeat nor skip.
    await create(orderBody('PAGE-new-1'), randomUUID(), pagingKey);
    await create(orderBody('PAGE-new-2'), randomUUID(), pagingKey);
    const page2 = (
      await send('GET', `/api/v1/orders?limit=2&cursor=${page1.nextCursor}`, { key: pagingKey })
    ).json();
    expect(page2.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      made[2],
      made[1],
    ]);
    const page3 = (
      await send('GET', `/api/v1/orders?limit=2&cursor=${page2.nextCursor}`, { key: pagingKey })
    ).json();
    expect(page3.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([made[0]]);
    expect(page3.nextCursor).toBeNull();
    const bad = await send('GET', '/api/v1/orders?cursor=bm9wZQ', { key: pagingKey });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_CURSOR']);
    const filtered = (
      await send('GET', '/api/v1/orders?partnerReference=PAGE-3', { key: pagingKey })
    ).json();
    expect(filtered.items).toHaveLength(1);
  });

  it('limits each key per minute, answering 429 with Retry-After', async () => {
    const db = app.deps.database.db;
    await setPartnerApiSettings(
      db,
      { rateLimitPerMinute: 2, logRetentionDays: 30, defaultAllowedCidrs: [] },
      {},
    );
    try {
      const limited = await newKey();
      expect((await send('GET', '/api/v1/orders', { key: limited })).statusCode).toBe(200);
      expect((await send('GET', '/api/v1/orders', { key: limited })).statusCode).toBe(200);
      const res = await send('GET', '/api/v1/orders', { key: limited });
      expect([res.statusCode, res.json().code]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another key has its own allowance.
      expect((await send('GET', '/api/v1/orders', { key: await newKey() })).statusCode).toBe(200);
    } finally {
      await setPartnerApiSettings(
        db,
        { rateLimitPerMinute: 600, logRetentionDays: 30, defaultAllowedCidrs: [] },
        {},
      );
    }
  });

  it('publishes a valid OpenAPI 3.1 document and a docs page from our origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/orders',
        '/api/v1/orders/{orderNumber}',
        '/api/v1/orders/by-reference/{partnerReference}',
        '/api/v1/orders/{orderNumber}/cancel',
        '/api/v1/orders/{orderNumber}/events',
      ]),
    );
    await SwaggerParser.validate(structuredClone(document));
    const docs = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/https?:\/\/cdn/);
    const script = await app.inject({ method: 'GET', url: '/api/v1/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
  });
});
