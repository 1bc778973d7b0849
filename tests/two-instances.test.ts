// Issue 23: any number of app processes on one PostgreSQL database and one S3 store behave as
// one system (decision 084). Two app instances here, each with its own connection pool, job
// queue, event dispatcher and data folder, stand for two processes behind a load balancer; what
// one of them does, the other sees. PostgreSQL only: PGlite runs inside one process, and a
// second process on its data folder is refused (DataDirInUseError).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplayedHeader } from '@shared/idempotency';
import { visitPaths } from '@shared/visits/visit-record';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { authRateLimits } from '../src/server/modules/auth/auth.routes';
import { accountLockThreshold } from '../src/server/modules/auth/auth.service';
import { orderEvents } from '../src/server/modules/orders/order-events.schema';
import { orders } from '../src/server/modules/orders/orders.schema';
import { createApiKey } from '../src/server/modules/partner-api/partner-api.service';
import { visitPhotos, visits } from '../src/server/modules/visits/visits.schema';
import { webhookDeliveries } from '../src/server/modules/webhooks/webhooks.schema';
import { attemptDelivery } from '../src/server/modules/webhooks/webhooks.service';
import { buildOrder, createContractor, createJobType, createPartner } from './factories/orders';
import { makeJpeg, sha256 } from './factories/photos';
import {
  createUser,
  defaultTestPassword,
  sameOrigin,
  signInAs,
  waitFor,
  type AuthHeaders,
} from './support/auth';
import { startLocalS3, type LocalS3 } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let a: TestApp;
let b: TestApp;
let secondHandle: DatabaseHandle;
let s3: LocalS3;
let receiver: WebhookReceiver;
const both = () => [a, b] as const;

beforeAll(async () => {
  if (!onPostgres) return;
  s3 = await startLocalS3();
  receiver = await startWebhookReceiver();
  const config = {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    EVENTS_POLL_INTERVAL_MS: '200',
  };
  // Each has its own DATA_DIR (testConfig makes a new one): only the database and S3 are shared.
  a = await createTestApp({ workers: true, cronIntervalSeconds: 1, config });
  secondHandle = await openDatabase({ databaseUrl: a.deps.database.url!, maxConnections: 5 });
  b = await createTestApp({
    workers: true,
    cronIntervalSeconds: 1,
    config,
    database: secondHandle,
  });
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await secondHandle?.close();
  await a?.deps.database.exec(`delete from pgboss.schedule where name like 'test-%'`);
  await receiver?.close();
  await s3?.stop();
});

describe.skipIf(!onPostgres)(
  'two app processes on one PostgreSQL database (PostgreSQL only: needs TEST_DATABASE_URL, set by npm run test:pg)',
  () => {
    it('are two processes: their own pools and data folders, one database', () => {
      expect(b.deps.database).not.toBe(a.deps.database);
      expect(b.deps.config.DATA_DIR).not.toBe(a.deps.config.DATA_DIR);
      expect(b.deps.database.url).toBe(a.deps.database.url);
    });

    it('count a rate limit across both: sign-ins split between them hit the limit at the same total', async () => {
      const { email } = await createUser(a);
      const ip = '198.51.100.10';
      const login = (app: TestApp) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: defaultTestPassword },
          remoteAddress: ip,
          headers: sameOrigin(app),
        });
      const max = authRateLimits.signIn.max;
      const statuses: number[] = [];
      for (let i = 0; i < max + 2; i += 1) statuses.push((await login(both()[i % 2]!)).statusCode);
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
      expect(statuses.slice(max)).toEqual([429, 429]);
    });

    it('count an account lock across both: failed sign-ins split between them lock the account', async () => {
      const { email } = await createUser(a);
      const attempt = (app: TestApp, password: string, n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password },
          // A new address each time: the per-address limit and block are other defences.
          remoteAddress: `198.51.100.${100 + n}`,
          headers: sameOrigin(app),
        });
      const statuses: number[] = [];
      for (let i = 0; i < accountLockThreshold; i += 1)
        statuses.push((await attempt(both()[i % 2]!, 'not-the-password', i)).statusCode);
      // The fifth failure, wherever it lands, locks the account.
      expect(statuses).toEqual([...Array(accountLockThreshold - 1).fill(401), 423]);
      // Locked on both: even the right password is refused, on either process.
      expect((await attempt(a, defaultTestPassword, 20)).statusCode).toBe(423);
      expect((await attempt(b, defaultTestPassword, 21)).statusCode).toBe(423);
    });

    it('share sessions: a session made on A works on B, and signing out on B ends it on A', async () => {
      const { user, headers } = await signInAs(a, 'back_office');
      const me = (app: TestApp) => app.inject({ method: 'GET', url: '/api/auth/user', headers });
      const onB = await me(b);
      expect(onB.statusCode).toBe(200);
      expect(onB.json()).toMatchObject({ id: user.id });
      const out = await b.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(out.statusCode).toBeLessThan(300);
      expect((await me(a)).statusCode).toBe(401);
    });

    it('share IP blocks: an address blocked on A is refused by B', async () => {
      const { headers } = await signInAs(a, 'back_office');
      const ip = '203.0.113.77';
      // (The health checks are never blocked: a signed-out API call stands for any request.)
      const fromIp = (app: TestApp) =>
        app.inject({ method: 'GET', url: '/api/auth/user', remoteAddress: ip });
      // B has read the block list into memory (and listens for changes) before the block.
      expect((await fromIp(b)).statusCode).toBe(401);
      const blocked = await a.inject({
        method: 'POST',
        url: '/api/blocked-ips',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { ip, reason: 'Probing sign-in', expiresInHours: 1 },
      });
      expect(blocked.statusCode, blocked.body).toBe(201);
      // B hears of it through the database's notification, within moments.
      await waitFor(async () => ((await fromIp(b)).statusCode === 403 ? true : null));
      expect((await fromIp(b)).json()).toMatchObject({ code: 'IP_BLOCKED' });
      const { id } = blocked.json() as { id: string };
      const lifted = await b.inject({
        method: 'DELETE',
        url: `/api/blocked-ips/${id}`,
        headers: { ...headers, 'idempotency-key': randomUUID() },
      });
      expect(lifted.statusCode).toBe(200);
      await waitFor(async () => ((await fromIp(a)).statusCode === 401 ? true : null));
    });

    it('replay an Idempotency-Key sent to the other process: the same order, not a second one', async () => {
      const partner = await createPartner(a);
      const jobType = await createJobType(a);
      const { key } = await createApiKey(
        a.deps.database.db,
        { partnerId: partner.id, name: 'Two processes', scopes: ['write'], allowedCidrs: [] },
        {},
      );
      const body = (reference: string) => ({
        partnerReference: reference,
        jobType: jobType.code,
        customer: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          address: { line1: '1 High Street', town: 'Exeter', postcode: 'EX1 1AA' },
        },
        requestedDate: '2030-05-01',
      });
      const create = (app: TestApp, idempotencyKey: string, reference: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
          payload: body(reference),
        });

      // One after the other: the first on A, its retry on B.
      const idempotencyKey = randomUUID();
      const first = await create(a, idempotencyKey, 'TWO-1');
      expect(first.statusCode, first.body).toBe(201);
      const replayed = await create(b, idempotencyKey, 'TWO-1');
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers[idempotentReplayedHeader.toLowerCase()]).toBe('true');
      expect(replayed.json()).toEqual(first.json());

      // At once, on both: one order; the other answer is the same order or "still in progress".
      const racedKey = randomUUID();
      const raced = await Promise.all([create(a, racedKey, 'TWO-2'), create(b, racedKey, 'TWO-2')]);
      expect(raced.map((r) => r.statusCode).sort()).toSatisfy(
        (codes: number[]) =>
          JSON.stringify(codes) === '[201,201]' || JSON.stringify(codes) === '[201,409]',
      );
      const made = await a.deps.database.db
        .select({ id: orders.id, reference: orders.partnerReference })
        .from(orders)
        .where(eq(orders.partnerId, partner.id));
      expect(made.map((row) => row.reference).sort()).toEqual(['TWO-1', 'TWO-2']);
    });

    it('run a queued job once, though both run workers', async () => {
      const runs: { n: number; by: 'a' | 'b' }[] = [];
      await a.queue.register<{ n: number }>('test-two-once', async ({ n }) => {
        runs.push({ n, by: 'a' });
      });
      await b.queue.register<{ n: number }>('test-two-once', async ({ n }) => {
        runs.push({ n, by: 'b' });
      });
      const count = 20;
      for (let n = 0; n < count; n += 1) await both()[n % 2]!.queue.send('test-two-once', { n });
      await waitFor(async () => (runs.length >= count ? true : null), { timeoutMs: 30_000 });
      await waitFor(async () => {
        const { rows } = await a.deps.database.query(
          `select count(*)::int as n from pgboss.job
            where name = 'test-two-once' and state in ('created', 'retry', 'active')`,
        );
        return Number(rows[0]!.n) === 0 ? true : null;
      });
      expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(
        Array.from({ length: count }, (_, n) => n),
      );
    });

    it('fire a scheduled job once per due time across both', async () => {
      const runs: { by: 'a' | 'b'; at: Date }[] = [];
      for (const [app, by] of [
        [a, 'a'],
        [b, 'b'],
      ] as const) {
        await app.queue.schedule('test-two-every-minute', '* * * * *', async () => {
          runs.push({ by, at: new Date() });
        });
      }
      const first = await waitFor(async () => runs[0], { timeoutMs: 30_000 });
      // Both processes' cron checks look again a few times (each second): still one run.
      const checkedAt = async () => {
        const { rows } = await a.deps.database.query(`select cron_on from pgboss.version`);
        return rows[0]?.cron_on ? new Date(rows[0].cron_on as string).getTime() : 0;
      };
      const firstCheck = await checkedAt();
      await waitFor(async () => ((await checkedAt()) > firstCheck + 3_000 ? true : null), {
        timeoutMs: 20_000,
      });
      await waitFor(async () => {
        const { rows } = await a.deps.database.query(
          `select count(*)::int as n from pgboss.job
            where name = 'test-two-every-minute' and state in ('created', 'retry', 'active')`,
        );
        return Number(rows[0]!.n) === 0 ? true : null;
      });
      const minute = (at: Date) => Math.floor(at.getTime() / 60_000);
      expect(runs.filter((run) => minute(run.at) === minute(first.at))).toHaveLength(1);
    }, 60_000);

    it('deliver a webhook once: both dispatch and both run the delivery jobs', async () => {
      const { headers } = await signInAs(a, 'back_office');
      const partner = await createPartner(a);
      const endpoint = await a.inject({
        method: 'POST',
        url: '/api/webhook-endpoints',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { partnerId: partner.id, url: receiver.url, events: ['order.*'] },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const jobType = await createJobType(a);
      const created = await b.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: {
          partnerId: partner.id,
          jobTypeId: jobType.id,
          customer: {
            firstName: 'Morwenna',
            lastName: 'Hook',
            email: 'morwenna@example.com',
            address: { line1: '2 Fore Street', town: 'Truro', postcode: 'TR1 2AA' },
          },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const orderId = (created.json() as { id: string }).id;
      const delivery = await waitFor(
        async () => {
          const [row] = await a.deps.database.db
            .select()
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.orderId, orderId),
                eq(webhookDeliveries.status, 'succeeded'),
              ),
            );
          return row;
        },
        { timeoutMs: 30_000 },
      );
      const forOrder = () => receiver.received.filter((hook) => hook.body.includes(orderId));
      expect(forOrder()).toHaveLength(1);

      // The same due attempt taken by both processes at once: one sends, the other skips.
      await a.deps.database.db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.id, delivery.id));
      const outcomes = await Promise.all([
        attemptDelivery(a.deps, delivery.id),
        attemptDelivery(b.deps, delivery.id),
      ]);
      expect(outcomes.sort()).toEqual(['skipped', 'succeeded']);
      expect(forOrder()).toHaveLength(2);
      expect(new Set(forOrder().map((hook) => hook.headers['webhook-id']))).toEqual(
        new Set([delivery.id]),
      );
    });

    it("apply an engineer's offline change once when its replay reaches the other process, and read A's files on B (S3)", async () => {
      const contractorId = (await createContractor(a)).id;
      const engineer = await signInAs(a, 'engineer', { contractorId });
      const office: AuthHeaders = (await signInAs(b, 'back_office')).headers;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
        new Date(),
      );
      const order = await buildOrder(a, {
        status: 'scheduled',
        kitStatus: 'arrived',
        contractorId,
        engineerId: engineer.user.id,
        visitDate: today,
      });
      const [visit] = await a.deps.database.db
        .select()
        .from(visits)
        .where(eq(visits.orderId, order.id));

      // The outbox sends a check-in to A; the answer is lost, so the device sends it again,
      // with the same Idempotency-Key, and the load balancer picks B.
      const outboxKey = randomUUID();
      const change = { at: new Date().toISOString() };
      const checkIn = (app: TestApp) =>
        app.inject({
          method: 'POST',
          url: visitPaths.checkIn(visit!.id),
          headers: { ...engineer.headers, 'idempotency-key': outboxKey },
          payload: change,
        });
      const eventsOfOrder = () =>
        a.deps.database.db
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id));
      const before = (await eventsOfOrder()).length;
      const sent = await checkIn(a);
      expect(sent.statusCode, sent.body).toBe(200);
      const after = (await eventsOfOrder()).length;
      expect(after).toBeGreaterThan(before);
      const again = await checkIn(b);
      expect(again.statusCode).toBe(200);
      expect(again.headers[idempotentReplayedHeader.toLowerCase()]).toBe('true');
      expect(again.json()).toEqual(sent.json());
      expect(await eventsOfOrder()).toHaveLength(after);

      // A photo uploaded through A, twice (B gets the replay), is one photo, and B serves it.
      const bytes = await makeJpeg();
      const photoId = randomUUID();
      const photoKey = randomUUID();
      const query = new URLSearchParams({
        category: 'site_before',
        takenAt: new Date().toISOString(),
      });
      const upload = (app: TestApp) =>
        app.inject({
          method: 'PUT',
          url: `${visitPaths.photo(visit!.id, photoId)}?${query}`,
          headers: {
            ...engineer.headers,
            'idempotency-key': photoKey,
            'content-type': 'image/jpeg',
            'x-content-sha256': sha256(bytes),
          },
          payload: bytes,
        });
      const uploaded = await upload(a);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect((await upload(b)).headers[idempotentReplayedHeader.toLowerCase()]).toBe('true');
      const photos = await a.deps.database.db
        .select()
        .from(visitPhotos)
        .where(eq(visitPhotos.visitId, visit!.id));
      expect(photos).toHaveLength(1);
      const served = await b.inject({
        method: 'GET',
        url: `/api/visit-photos/${photoId}`,
        headers: office,
      });
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.length).toBeGreaterThan(0);
      const thumbnail = await b.inject({
        method: 'GET',
        url: `/api/visit-photos/${photoId}/thumbnail`,
        headers: office,
      });
      expect(thumbnail.statusCode).toBe(200);
    });
  },
);
