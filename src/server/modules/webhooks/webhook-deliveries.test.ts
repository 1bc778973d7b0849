import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractor, createJobType, createPartner } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  matchingSignatures,
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '../../../../tests/support/webhook-receiver';
import { domainEvents } from '../events/events.schema';
import { messages } from '../messages/messages.schema';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.schema';
import { apiLogCutoff } from '../partner-api/partner-api.service';
import type { WebhookDeliveryDetail, WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
import { webhookRetryDelaysMs } from './retry-schedule';
import { partnerWebhooksSubscriber } from './webhooks.subscribers';
import { attemptDelivery, pruneWebhookLog } from './webhooks.service';

// Deliveries without the background workers: the test hands events to the subscriber and runs
// each attempt itself with its own clock, so the three-day schedule runs in moments.

describe('webhook deliveries', () => {
  let app: TestApp;
  let office: AuthHeaders;
  let receiver: WebhookReceiver;
  let jobTypeId: string;

  beforeAll(async () => {
    app = await createTestApp({ config: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    office = (await signInAs(app, 'back_office')).headers;
    jobTypeId = (await createJobType(app)).id;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.reply = () => ({ status: 204 });
  });

  const db = () => app.deps.database.db;

  async function partnerWithEndpoint(events: string[] = ['order.*'], url = receiver.url) {
    const partner = await createPartner(app, {
      contactEmail: `ops-${crypto.randomUUID()}@isp.example`,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: office,
      payload: { partnerId: partner.id, url, events },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint, secret } = res.json() as { endpoint: WebhookEndpoint; secret: string };
    return { partner, endpoint, secret };
  }

  async function createOrder(
    partnerId: string,
    partnerReference = `REF-${crypto.randomUUID().slice(0, 8)}`,
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: office,
      payload: {
        partnerId,
        partnerReference,
        jobTypeId,
        customer: {
          firstName: 'Tamsin',
          lastName: `Rowe ${partnerReference}`,
          email: `${partnerReference.toLowerCase()}@example.com`,
          address: { line1: '4 Quay Street', town: 'Exeter', postcode: 'EX1 1AA' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; orderNumber: string; partnerReference: string };
  }

  /** Hands every event of the order to the webhooks subscriber (what the dispatcher would do). */
  async function fanOut(orderId: string) {
    const events = await db()
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, orderId))
      .orderBy(asc(domainEvents.occurredAt));
    for (const event of events) await app.deps.events.deliver(partnerWebhooksSubscriber, event.id);
  }

  async function deliveriesOf(orderId: string, endpointId?: string) {
    return db()
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.orderId, orderId),
          endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt));
  }

  async function detail(id: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/webhook-deliveries/${id}`,
      headers: office,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WebhookDeliveryDetail;
  }

  it('posts the order event, signed by the Standard Webhooks scheme, and logs the attempt', async () => {
    const { partner, endpoint, secret } = await partnerWithEndpoint();
    const order = await createOrder(partner.id, 'SB-7001');
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      eventType: 'order.created',
      endpointId: endpoint.id,
    });

    expect(await attemptDelivery(app.deps, delivery!.id)).toBe('succeeded');
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request.path).toBe('/hooks');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(delivery!.id);
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(verifyWebhook(secret, request)).toBe(true);
    expect(verifyWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toBe(false);
    // A body changed in transit no longer verifies.
    expect(
      verifyWebhook(secret, { ...request, body: request.body.replace('SB-7001', 'SB-7002') }),
    ).toBe(false);

    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: 'order.created',
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        partnerReference: 'SB-7001',
        action: 'created',
        toStatus: 'received',
      },
    });
    expect(Date.parse(body.timestamp)).not.toBeNaN();

    const logged = await detail(delivery!.id);
    expect(logged).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 204,
      orderNumber: order.orderNumber,
    });
    expect(logged.attemptsMade).toHaveLength(1);
    expect(logged.attemptsMade[0]).toMatchObject({
      attemptNumber: 1,
      manual: false,
      responseStatus: 204,
      remoteAddress: '127.0.0.1',
      error: null,
    });
    expect(logged.attemptsMade[0]!.requestHeaders['webhook-id']).toBe(delivery!.id);
    expect(logged.attemptsMade[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps payouts, contractor and staff details out of what the partner receives', async () => {
    const { partner } = await partnerWithEndpoint(['order.assign']);
    const order = await createOrder(partner.id);
    const contractor = await createContractor(app, { coverageAreas: ['EX'] });
    for (const path of ['validate', 'assign']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/${path}`,
        headers: office,
        payload: path === 'assign' ? { contractorId: contractor.id } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await fanOut(order.id);
    const deliveries = await deliveriesOf(order.id);
    expect(deliveries.map((d) => d.eventType)).toEqual(['order.assign']);
    await attemptDelivery(app.deps, deliveries[0]!.id);
    const body = receiver.received[0]!.body;
    expect(JSON.parse(body).data).toMatchObject({ action: 'assign', fromStatus: 'validated' });
    for (const secret of [
      'payout',
      'Payout',
      contractor.id,
      contractor.name,
      'actorName',
      'actorUserId',
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('sends only the events an endpoint wants, only to the order partner, only while enabled', async () => {
    const wanted = await partnerWithEndpoint(['order.validate']);
    const all = await partnerWithEndpoint(['order.*']);
    const disabled = await partnerWithEndpoint(['order.*']);
    await app.inject({
      method: 'PATCH',
      url: `/api/webhook-endpoints/${disabled.endpoint.id}`,
      headers: office,
      payload: { enabled: false },
    });
    const order = await createOrder(wanted.partner.id);
    await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/validate`,
      headers: office,
      payload: {},
    });
    await fanOut(order.id);
    const deliveries = await deliveriesOf(order.id);
    expect(deliveries.map((d) => [d.endpointId, d.eventType])).toEqual([
      [wanted.endpoint.id, 'order.validate'],
    ]);
    const other = await createOrder(disabled.partner.id);
    await fanOut(other.id);
    expect(await deliveriesOf(other.id)).toEqual([]);
    expect(await deliveriesOf(order.id, all.endpoint.id)).toEqual([]);
    // Handing the same event over again makes no second delivery.
    await fanOut(order.id);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('retries on the schedule under the same webhook-id, then disables the endpoint and emails the partner', async () => {
    receiver.reply = () => ({ status: 500, body: 'database down' });
    const { partner, endpoint, secret } = await partnerWithEndpoint();
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id);
    let clock = new Date(delivery!.nextAttemptAt!);

    for (let attempt = 1; attempt <= webhookRetryDelaysMs.length; attempt += 1) {
      const outcome = await attemptDelivery(app.deps, delivery!.id, {
        now: clock,
        random: () => 0,
      });
      expect(receiver.received).toHaveLength(attempt);
      const [row] = await deliveriesOf(order.id);
      if (attempt < webhookRetryDelaysMs.length) {
        expect(outcome).toBe('retrying');
        const wait = row!.nextAttemptAt!.getTime() - clock.getTime();
        // The step's delay after the attempt ended (its duration added, no jitter here).
        expect(wait).toBeGreaterThanOrEqual(webhookRetryDelaysMs[attempt]!);
        expect(wait).toBeLessThan(webhookRetryDelaysMs[attempt]! + 5_000);
        // Not due yet: a job that comes early changes nothing.
        const early = new Date(row!.nextAttemptAt!.getTime() - 1);
        expect(await attemptDelivery(app.deps, delivery!.id, { now: early })).toBe('skipped');
        clock = row!.nextAttemptAt!;
      } else {
        expect(outcome).toBe('failed');
        expect(row).toMatchObject({
          status: 'failed',
          attempts: 10,
          nextAttemptAt: null,
          lastStatusCode: 500,
        });
      }
    }
    const first = receiver.received[0]!;
    const last = receiver.received.at(-1)!;
    expect(
      Number(last.headers['webhook-timestamp']) - Number(first.headers['webhook-timestamp']),
    ).toBeGreaterThan(3 * 24 * 3600);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([delivery!.id]),
    );
    for (const request of receiver.received) expect(verifyWebhook(secret, request)).toBe(true);

    const logged = await detail(delivery!.id);
    expect(logged.attemptsMade.map((a) => a.attemptNumber)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(logged.attemptsMade[0]).toMatchObject({
      responseStatus: 500,
      responseBody: 'database down',
    });

    const [disabled] = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'exhausted' });
    const mail = await db().select().from(messages).where(eq(messages.to, partner.contactEmail!));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', kind: 'webhook_endpoint_disabled' });
    expect(mail[0]!.body).toContain(receiver.url);
  });

  it('disables the endpoint at once on 410 Gone and emails the partner', async () => {
    receiver.reply = () => ({ status: 410 });
    const { partner, endpoint } = await partnerWithEndpoint();
    const order = await createOrder(partner.id);
    await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/validate`,
      headers: office,
      payload: {},
    });
    await fanOut(order.id);
    const [first, second] = await deliveriesOf(order.id);
    expect(await attemptDelivery(app.deps, first!.id)).toBe('failed');
    const shown = await app.inject({
      method: 'GET',
      url: `/api/webhook-endpoints/${endpoint.id}`,
      headers: office,
    });
    expect(shown.json()).toMatchObject({ enabled: false, disabledReason: 'gone' });
    // The other pending delivery stops too, and is not sent.
    expect((await detail(second!.id)).status).toBe('failed');
    expect(await attemptDelivery(app.deps, second!.id)).toBe('skipped');
    expect(receiver.received).toHaveLength(1);
    const mail = await db().select().from(messages).where(eq(messages.to, partner.contactEmail!));
    expect(mail.map((m) => m.kind)).toEqual(['webhook_endpoint_disabled']);
    expect(mail[0]!.body).toContain('410 Gone');

    // Redelivery waits for the endpoint to be enabled again.
    const refused = await app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${second!.id}/redeliver`,
      headers: office,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('WEBHOOK_ENDPOINT_DISABLED');
  });

  it('redelivers by hand: a new attempt with the same webhook-id', async () => {
    const { partner, endpoint, secret } = await partnerWithEndpoint();
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id);
    await attemptDelivery(app.deps, delivery!.id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${delivery!.id}/redeliver`,
      headers: office,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as WebhookDeliveryDetail;
    expect(after).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(after.attemptsMade.map((a) => a.manual)).toEqual([false, true]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      delivery!.id,
      delivery!.id,
    ]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(verifyWebhook(secret, receiver.received[1]!)).toBe(true);

    const list = await app.inject({
      method: 'GET',
      url: `/api/webhook-deliveries?endpointId=${endpoint.id}&status=succeeded`,
      headers: office,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: delivery!.id, partnerName: partner.name, attempts: 2 }],
    });
    const bad = await app.inject({
      method: 'GET',
      url: '/api/webhook-deliveries?status=lost&page=0',
      headers: office,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the delivery log for the API log retention, and never drops a delivery still retrying', async () => {
    const { partner } = await partnerWithEndpoint();
    const done = await createOrder(partner.id);
    const retrying = await createOrder(partner.id);
    await fanOut(done.id);
    await fanOut(retrying.id);
    const [finished] = await deliveriesOf(done.id);
    const [pending] = await deliveriesOf(retrying.id);
    expect(await attemptDelivery(app.deps, finished!.id)).toBe('succeeded');
    receiver.reply = () => ({ status: 500 });
    await attemptDelivery(app.deps, pending!.id);
    expect((await deliveriesOf(retrying.id))[0]!.status).toBe('pending');

    // Both a month and more old: past the default 30 days.
    const old = new Date(Date.now() - 31 * 86_400_000);
    for (const id of [finished!.id, pending!.id]) {
      await db()
        .update(webhookDeliveries)
        .set({ updatedAt: old })
        .where(eq(webhookDeliveries.id, id));
      await db()
        .update(webhookAttempts)
        .set({ startedAt: old })
        .where(eq(webhookAttempts.deliveryId, id));
    }
    const cutoff = await apiLogCutoff(db());
    expect(await pruneWebhookLog(db(), cutoff)).toBe(2);
    expect(await deliveriesOf(done.id)).toEqual([]);
    const [stillRetrying] = await deliveriesOf(retrying.id);
    expect(stillRetrying).toMatchObject({ id: pending!.id, status: 'pending', attempts: 1 });
    expect((await detail(pending!.id)).attemptsMade).toEqual([]);
  });

  it('signs with both secrets while a rotated one is in its grace period', async () => {
    const { partner, endpoint, secret: oldSecret } = await partnerWithEndpoint();
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      headers: office,
    });
    const newSecret = (rotated.json() as { secret: string }).secret;
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id);
    await attemptDelivery(app.deps, delivery!.id);
    const request = receiver.received[0]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(matchingSignatures(newSecret, request.headers, request.body)).toEqual([0]);
    expect(matchingSignatures(oldSecret, request.headers, request.body)).toEqual([1]);

    // A day later the old secret no longer signs.
    const later = new Date(Date.now() + 25 * 3600_000);
    await app.inject({
      method: 'POST',
      url: `/api/webhook-deliveries/${delivery!.id}/redeliver`,
      headers: office,
    });
    await db()
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: later })
      .where(eq(webhookDeliveries.id, delivery!.id));
    await attemptDelivery(app.deps, delivery!.id, { now: later });
    const late = receiver.received.at(-1)!;
    expect(String(late.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyWebhook(newSecret, late)).toBe(true);
    expect(verifyWebhook(oldSecret, late)).toBe(false);
  });

  it('does not follow a redirect (to a metadata address here)', async () => {
    receiver.reply = () => ({
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    const { partner } = await partnerWithEndpoint();
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id);
    expect(await attemptDelivery(app.deps, delivery!.id)).toBe('retrying');
    expect(receiver.received).toHaveLength(1);
    const logged = await detail(delivery!.id);
    expect(logged.attemptsMade[0]).toMatchObject({
      responseStatus: 302,
      error: 'redirect not followed (to http://169.254.169.254/latest/meta-data/)',
    });
  });

  it('checks the address again at send time, after DNS: a name resolving to loopback is refused', async () => {
    const partner = await createPartner(app);
    // Saved earlier while it resolved elsewhere (written directly: saving checks it too).
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        partnerId: partner.id,
        url: `http://partner.test:${receiver.port}/hooks`,
        events: ['order.*'],
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      })
      .returning();
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id, endpoint!.id);
    const strict = {
      ...app.deps,
      config: { ...app.deps.config, WEBHOOK_ALLOW_PRIVATE_TARGETS: false },
    };
    const resolver = async () => [{ address: '127.0.0.1', family: 4 as const }];
    expect(await attemptDelivery(strict, delivery!.id, { resolver })).toBe('retrying');
    expect(receiver.received).toHaveLength(0);
    const logged = await detail(delivery!.id);
    expect(logged.attemptsMade[0]).toMatchObject({
      responseStatus: null,
      remoteAddress: null,
      error: 'partner.test resolves to 127.0.0.1 is not a public address (loopback)',
    });

    // With private targets allowed, the same name reaches the pinned, resolved address.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(await attemptDelivery(app.deps, delivery!.id, { resolver })).toBe('succeeded');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.host).toBe(`partner.test:${receiver.port}`);
  });

  /** A delivery to a URL saved before the guard knew better (written directly, unchecked). */
  async function deliveryToStoredUrl(url: string) {
    const partner = await createPartner(app);
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        partnerId: partner.id,
        url,
        events: ['order.*'],
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      })
      .returning();
    const order = await createOrder(partner.id);
    await fanOut(order.id);
    const [delivery] = await deliveriesOf(order.id, endpoint!.id);
    return delivery!;
  }

  const strictDeps = () => ({
    ...app.deps,
    config: { ...app.deps.config, WEBHOOK_ALLOW_PRIVATE_TARGETS: false },
  });

  // Issue 18: the check at send time knows every spelling, in the stored URL and in DNS answers.
  it.each([
    ['[::127.0.0.1]', /::7f00:1 \(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['[::ffff:127.0.0.1]', /\(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['[64:ff9b::127.0.0.1]', /rfc6052, carrying 127\.0\.0\.1/],
    ['[2002:7f00:1::1]', /6to4, carrying 127\.0\.0\.1/],
    ['[2001:0:4136:e378:8000:63bf:80ff:fffe]', /teredo, carrying 127\.0\.0\.1/],
    ['2130706433', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['0177.0.0.1', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['0x7f.1', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['127.1', /127\.0\.0\.1 is not a public address \(loopback\)/],
  ])('refuses at send time a stored URL whose host is %s', async (host, reason) => {
    const delivery = await deliveryToStoredUrl(`http://${host}:${receiver.port}/hooks`);
    expect(await attemptDelivery(strictDeps(), delivery.id)).toBe('retrying');
    expect(receiver.received).toHaveLength(0);
    const [attempt] = (await detail(delivery.id)).attemptsMade;
    expect(attempt).toMatchObject({ responseStatus: null, remoteAddress: null });
    expect(attempt!.error).toMatch(reason);
  });

  it.each([
    ['::7f00:1', 6, /::7f00:1 \(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['::ffff:7f00:1', 6, /\(127\.0\.0\.1\) is not a public address \(loopback\)/],
    ['64:ff9b::a00:1', 6, /rfc6052, carrying 10\.0\.0\.1/],
    ['2002:c0a8:101::', 6, /6to4, carrying 192\.168\.1\.1/],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 6, /teredo, carrying 127\.0\.0\.1/],
    ['64:ff9b::a9fe:a9fe', 6, /cloud metadata address/],
  ] as const)(
    'refuses at send time a name whose DNS answer is %s',
    async (address, family, reason) => {
      const delivery = await deliveryToStoredUrl(`http://partner.test:${receiver.port}/hooks`);
      const resolver = async () => [
        { address: '93.184.216.34', family: 4 as const },
        { address, family },
      ];
      expect(await attemptDelivery(strictDeps(), delivery.id, { resolver })).toBe('retrying');
      expect(receiver.received).toHaveLength(0);
      const [attempt] = (await detail(delivery.id)).attemptsMade;
      expect(attempt).toMatchObject({ responseStatus: null, remoteAddress: null });
      expect(attempt!.error).toMatch(/^partner\.test resolves to /);
      expect(attempt!.error).toMatch(reason);
    },
  );
});
