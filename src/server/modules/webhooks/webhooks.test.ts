import { beforeAll, describe, expect, it } from 'vitest';
import { createPartner } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';

describe('webhook endpoints over HTTP (private targets refused)', () => {
  let app: TestApp;
  let office: AuthHeaders;
  let contractor: AuthHeaders;
  let partnerId: string;

  beforeAll(async () => {
    app = await createTestApp({ config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
    office = (await signInAs(app, 'back_office')).headers;
    contractor = (await signInAs(app, 'engineer')).headers;
    partnerId = (await createPartner(app, { contactEmail: 'ops@isp.example' })).id;
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: AuthHeaders,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function create(payload: object = {}) {
    return call('POST', '/api/webhook-endpoints', office, {
      partnerId,
      url: 'https://93.184.216.34/hooks',
      events: ['order.*'],
      ...payload,
    });
  }

  it('creates an endpoint and shows its whsec_ secret once', async () => {
    const res = await create({ description: 'Order status feed' });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint, secret } = res.json() as { endpoint: WebhookEndpoint; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(endpoint).toMatchObject({
      partnerId,
      url: 'https://93.184.216.34/hooks',
      events: ['order.*'],
      enabled: true,
      disabledReason: null,
      description: 'Order status feed',
    });
    const read = await call('GET', `/api/webhook-endpoints/${endpoint.id}`, office);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    expect(read.json().secretHint).toBe(`${secret.slice(0, 10)}…`);
  });

  it('lists endpoints, filtered by partner', async () => {
    const other = await createPartner(app);
    await create({ partnerId: other.id });
    const all = (await call('GET', '/api/webhook-endpoints', office)).json()
      .items as WebhookEndpoint[];
    expect(new Set(all.map((e) => e.partnerId))).toEqual(new Set([partnerId, other.id]));
    const res = await call('GET', `/api/webhook-endpoints?partnerId=${other.id}`, office);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((e: WebhookEndpoint) => e.partnerId)).toEqual([other.id]);
    expect(res.body).not.toMatch(/whsec_[A-Za-z0-9+/]{8,}/);
  });

  it('lists endpoints by partner name, the oldest first within a partner', async () => {
    const zeta = (await createPartner(app, { name: 'Zeta Fibre' })).id;
    const alpha = (await createPartner(app, { name: 'Alpha Fibre' })).id;
    const created: string[] = [];
    for (const [owner, description] of [
      [zeta, 'Zeta old'],
      [alpha, 'Alpha'],
      [zeta, 'Zeta new'],
    ] as const) {
      const res = await create({ partnerId: owner, description });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().endpoint.id);
    }
    const items = (await call('GET', '/api/webhook-endpoints', office)).json()
      .items as WebhookEndpoint[];
    const ours = items.filter((endpoint) => created.includes(endpoint.id));
    expect(ours.map((endpoint) => [endpoint.partnerName, endpoint.description])).toEqual([
      ['Alpha Fibre', 'Alpha'],
      ['Zeta Fibre', 'Zeta old'],
      ['Zeta Fibre', 'Zeta new'],
    ]);
  });

  it('edits the events and disables and enables an endpoint', async () => {
    const { endpoint } = (await create()).json() as { endpoint: WebhookEndpoint };
    const edited = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, office, {
      events: ['order.complete', 'order.cancel', 'order.complete'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().events).toEqual(['order.complete', 'order.cancel']);
    const disabled = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, office, {
      enabled: false,
    });
    expect(disabled.json()).toMatchObject({ enabled: false, disabledReason: 'manual' });
    expect(disabled.json().disabledAt).not.toBeNull();
    const enabled = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, office, {
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
  });

  it('rotates the secret: a new one shown once, the old one signing for a grace period', async () => {
    const { endpoint, secret } = (await create()).json() as {
      endpoint: WebhookEndpoint;
      secret: string;
    };
    const res = await call('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, office);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as { endpoint: WebhookEndpoint; secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const grace = Date.parse(rotated.endpoint.previousSecretExpiresAt!) - Date.now();
    expect(grace).toBeGreaterThan(23 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('deletes an endpoint', async () => {
    const { endpoint } = (await create()).json() as { endpoint: WebhookEndpoint };
    expect((await call('DELETE', `/api/webhook-endpoints/${endpoint.id}`, office)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/webhook-endpoints/${endpoint.id}`, office)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/webhook-endpoints/${endpoint.id}`, office)).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['http://127.0.0.1:9000/hooks', /loopback/],
    ['http://localhost/hooks', /localhost resolves to/],
    ['http://10.0.0.8/hooks', /private/],
    ['http://192.168.0.10/hooks', /private/],
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://[::1]:8080/', /loopback/],
    ['http://100.64.0.1/', /carrierGradeNat/],
    ['http://[fe80::1]/', /linkLocal/],
    ['http://[fd12::1]/', /uniqueLocal/],
  ])('refuses %s when saved', async (url, reason) => {
    const res = await create({ url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_TARGET_REFUSED');
    expect(res.json().message).toMatch(reason);
  });

  // Issue 18: every spelling of loopback or a private address, refused on create and on edit.
  const hostileSpellings: [string, RegExp][] = [
    [
      'http://[::127.0.0.1]/hooks',
      /::7f00:1 \(127\.0\.0\.1\) is not a public address \(loopback\)/,
    ],
    ['http://[::ffff:127.0.0.1]/hooks', /\(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['http://[::ffff:0:10.0.0.1]/', /rfc6145, carrying 10\.0\.0\.1/],
    ['http://[64:ff9b::10.0.0.1]/', /rfc6052, carrying 10\.0\.0\.1/],
    ['http://[64:ff9b::169.254.169.254]/', /metadata/],
    ['http://[2002:c0a8:101::1]/', /6to4, carrying 192\.168\.1\.1/],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /teredo, carrying 127\.0\.0\.1/],
    ['http://2130706433/hooks', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['http://0177.0.0.1/', /127\.0\.0\.1 .*loopback/],
    ['http://0x7f.1/', /127\.0\.0\.1 .*loopback/],
    ['http://127.1:8080/', /127\.0\.0\.1 .*loopback/],
    ['http://0xa9fea9fe/', /169\.254\.169\.254 is a cloud metadata address/],
    ['http://012.1/', /10\.0\.0\.1 .*private/],
  ];

  it.each(hostileSpellings)('refuses %s on create', async (url, reason) => {
    const res = await create({ url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_TARGET_REFUSED');
    expect(res.json().message).toMatch(reason);
  });

  it.each(hostileSpellings)('refuses %s on edit', async (url, reason) => {
    const { endpoint } = (await create()).json() as { endpoint: WebhookEndpoint };
    const res = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, office, { url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_TARGET_REFUSED');
    expect(res.json().message).toMatch(reason);
    const read = await call('GET', `/api/webhook-endpoints/${endpoint.id}`, office);
    expect(read.json().url).toBe('https://93.184.216.34/hooks');
  });

  it('refuses a private URL on edit too', async () => {
    const { endpoint } = (await create()).json() as { endpoint: WebhookEndpoint };
    const res = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, office, {
      url: 'http://10.1.1.1/',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_TARGET_REFUSED');
  });

  it('answers 400 for bad input with the field named', async () => {
    const cases: [object, string][] = [
      [{ url: 'ftp://93.184.216.34/' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ events: [] }, 'events'],
      [{ events: ['order.explode'] }, 'events'],
      [{ events: ['customer.*'] }, 'events'],
      [{ partnerId: 'nope' }, 'partnerId'],
      [{ description: 'two\nlines' }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
    const empty = await call('PATCH', `/api/webhook-endpoints/${crypto.randomUUID()}`, office, {});
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 for an unknown partner or endpoint', async () => {
    expect((await create({ partnerId: crypto.randomUUID() })).statusCode).toBe(404);
    const id = crypto.randomUUID();
    expect((await call('GET', `/api/webhook-endpoints/${id}`, office)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/webhook-endpoints/${id}`, office, { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/webhook-endpoints/${id}/rotate-secret`, office)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/webhook-deliveries/${id}`, office)).statusCode).toBe(404);
    expect((await call('POST', `/api/webhook-deliveries/${id}/redeliver`, office)).statusCode).toBe(
      404,
    );
  });

  it('shows WEBHOOK_ALLOW_PRIVATE_TARGETS read-only', async () => {
    const res = await call('GET', '/api/webhook-settings', office);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ allowPrivateTargets: false });
  });

  it('refuses every call to other roles and to the signed-out', async () => {
    const { endpoint } = (await create()).json() as { endpoint: WebhookEndpoint };
    const id = endpoint.id;
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/api/webhook-settings'],
      ['GET', '/api/webhook-endpoints'],
      [
        'POST',
        '/api/webhook-endpoints',
        { partnerId, url: 'https://93.184.216.34/', events: ['order.*'] },
      ],
      ['GET', `/api/webhook-endpoints/${id}`],
      ['PATCH', `/api/webhook-endpoints/${id}`, { enabled: false }],
      ['DELETE', `/api/webhook-endpoints/${id}`],
      ['POST', `/api/webhook-endpoints/${id}/rotate-secret`],
      ['GET', '/api/webhook-deliveries'],
      ['GET', `/api/webhook-deliveries/${id}`],
      ['POST', `/api/webhook-deliveries/${id}/redeliver`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, contractor, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      const anonymous = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', `/api/webhook-endpoints/${id}`, office)).json().enabled).toBe(true);
  });
});
