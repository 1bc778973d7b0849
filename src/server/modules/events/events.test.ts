import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobType, createPartner } from '../../../../tests/factories/orders';
import { closeTestApp, signInAs, waitFor, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { Database } from '../../db/client';
import { auditLog } from '../audit/audit.schema';
import { domainEvents, eventDeliveries } from './events.schema';
import { orderEvents } from '../orders/order-events.schema';
import { orderAuditSubscriber } from '../audit/audit.subscribers';
import { publishEvent } from './events.service';
import type { DeliveryFailure } from '@shared/events/events.contracts';

async function createOrderOverHttp(app: TestApp, headers: AuthHeaders) {
  const partnerId = (await createPartner(app)).id;
  const jobTypeId = (await createJobType(app)).id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      partnerId,
      jobTypeId,
      customer: {
        firstName: 'Morwenna',
        lastName: `Events-${Math.random().toString(36).slice(2, 8)}`,
        email: `events.${Math.random().toString(36).slice(2)}@example.com`,
        address: { line1: '5 Quay Street', town: 'Truro', postcode: 'TR1 2LW' },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function auditRowsFor(db: Database, eventId: string) {
  return db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.details}->>'eventId' = ${eventId}`);
}

async function createdEventOf(db: Database, orderId: string) {
  const [event] = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'created')));
  return event!;
}

describe('domain events: the outbox and one delivery', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    // No workers: the test drives the dispatcher and the delivery itself.
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });
  afterAll(async () => {
    await closeTestApp(app);
  });

  it('writes an order change as a domain event in its transaction, with the same id', async () => {
    const orderId = await createOrderOverHttp(app, backOffice);
    const orderEvent = await createdEventOf(app.deps.database.db, orderId);
    const [event] = await app.deps.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.id, orderEvent.id));
    expect(event).toMatchObject({
      type: 'order.created',
      aggregateType: 'order',
      aggregateId: orderId,
      dispatchedAt: null,
    });
    expect(event!.data).toMatchObject({ toStatus: 'received', actorRole: 'back_office' });
  });

  it('publishes nothing when the change rolls back', async () => {
    const id = crypto.randomUUID();
    await expect(
      app.deps.database.db.transaction(async (tx) => {
        await publishEvent(tx as unknown as Database, {
          id,
          type: 'test.rolled_back',
          aggregateType: 'test',
          aggregateId: 'x',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await app.deps.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.id, id));
    expect(rows).toHaveLength(0);
  });

  it('hands a waiting event to its subscriber’s queue once, and marks it', async () => {
    const orderId = await createOrderOverHttp(app, backOffice);
    const { id } = await createdEventOf(app.deps.database.db, orderId);
    expect(await app.deps.events.dispatchPending()).toBeGreaterThanOrEqual(1);
    const jobs = await app.deps.database.query(
      `select id from pgboss.job where name = $1 and data->>'eventId' = $2`,
      [`event.${orderAuditSubscriber}`, id],
    );
    expect(jobs.rows).toHaveLength(1);
    const [event] = await app.deps.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.id, id));
    expect(event!.dispatchedAt).not.toBeNull();
    // Nothing left to hand over: a second pass queues nothing more.
    await app.deps.events.dispatchPending();
    const again = await app.deps.database.query(
      `select id from pgboss.job where name = $1 and data->>'eventId' = $2`,
      [`event.${orderAuditSubscriber}`, id],
    );
    expect(again.rows).toHaveLength(1);
  });

  it('changes nothing when the same delivery runs a second time', async () => {
    const orderId = await createOrderOverHttp(app, backOffice);
    const { id } = await createdEventOf(app.deps.database.db, orderId);
    expect(await app.deps.events.deliver(orderAuditSubscriber, id)).toBe('done');
    expect(await app.deps.events.deliver(orderAuditSubscriber, id)).toBe('already_done');
    const rows = await auditRowsFor(app.deps.database.db, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'order.created',
      targetType: 'order',
      targetId: orderId,
    });
  });

  it('runs the effect once when two deliveries of one event race', async () => {
    const orderId = await createOrderOverHttp(app, backOffice);
    const { id } = await createdEventOf(app.deps.database.db, orderId);
    const results = await Promise.all([
      app.deps.events.deliver(orderAuditSubscriber, id),
      app.deps.events.deliver(orderAuditSubscriber, id),
    ]);
    expect(results.sort()).toEqual(['already_done', 'done']);
    expect(await auditRowsFor(app.deps.database.db, id)).toHaveLength(1);
  });
});

describe('domain events: subscribers in the background', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let flakyFailuresLeft = 2;
  let flakyRuns = 0;

  beforeAll(async () => {
    app = await createTestApp({
      workers: true,
      config: { EVENTS_POLL_INTERVAL_MS: '100', EVENTS_RETRY_DELAY_SECONDS: '1' },
    });
    backOffice = (await signInAs(app, 'back_office')).headers;
    await app.deps.events.subscribe({
      name: 'test.flaky',
      events: ['test.flaky'],
      async handle(event, tx) {
        flakyRuns += 1;
        if (flakyFailuresLeft > 0) {
          flakyFailuresLeft -= 1;
          throw new Error(`webhook answered 503 (run ${flakyRuns})`);
        }
        await tx.insert(auditLog).values({ action: 'test.flaky_done', targetId: event.id });
      },
    });
    await app.deps.events.subscribe({
      name: 'test.broken',
      events: ['test.broken'],
      retryLimit: 0,
      async handle() {
        throw new Error('the partner endpoint is gone');
      },
    });
  });
  afterAll(async () => {
    await closeTestApp(app);
  });

  const publish = (type: string) =>
    app.deps.database.db.transaction((tx) =>
      publishEvent(tx as unknown as Database, { type, aggregateType: 'test', aggregateId: type }),
    );

  const failures = async (headers: AuthHeaders = backOffice) => {
    const res = await app.inject({ method: 'GET', url: '/api/events/failures', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { failures: DeliveryFailure[] }).failures;
  };

  it('writes the audit row of an order change after commit, once', async () => {
    const orderId = await createOrderOverHttp(app, backOffice);
    const { id } = await createdEventOf(app.deps.database.db, orderId);
    const rows = await waitFor(async () => {
      const found = await auditRowsFor(app.deps.database.db, id);
      return found.length > 0 ? found : null;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('order.created');
    const res = await app.inject({
      method: 'GET',
      url: `/api/events?aggregateType=order&aggregateId=${orderId}`,
      headers: backOffice,
    });
    expect(res.statusCode).toBe(200);
    const [event] = (res.json() as { events: { deliveries: unknown[] }[] }).events;
    expect(event).toMatchObject({ id, type: 'order.created' });
    // Other modules subscribe to order events too (customer messages): the audit's is one.
    const deliveries = (event as { deliveries: { subscriber: string }[] }).deliveries;
    expect(deliveries.filter((d) => d.subscriber === orderAuditSubscriber)).toEqual([
      expect.objectContaining({ subscriber: orderAuditSubscriber, status: 'done', attempts: 1 }),
    ]);
  });

  it('retries a failing subscriber with backoff, listing the failure until it succeeds', async () => {
    const eventId = await publish('test.flaky');
    const listed = await waitFor(async () =>
      (await failures()).find((f) => f.eventId === eventId && f.status === 'retrying'),
    );
    expect(listed).toMatchObject({ subscriber: 'test.flaky', eventType: 'test.flaky' });
    expect(listed.lastError).toMatch(/webhook answered 503/);
    const done = await waitFor(
      async () => {
        const [row] = await app.deps.database.db
          .select()
          .from(eventDeliveries)
          .where(eq(eventDeliveries.eventId, eventId));
        return row?.status === 'done' ? row : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(done.attempts).toBe(3);
    expect(flakyRuns).toBe(3);
    const effects = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'test.flaky_done'), eq(auditLog.targetId, eventId)));
    expect(effects).toHaveLength(1);
    expect((await failures()).some((f) => f.eventId === eventId)).toBe(false);
  }, 30_000);

  it('lists a delivery that gave up as failed, with its error, to the back office only', async () => {
    const eventId = await publish('test.broken');
    const failed = await waitFor(async () =>
      (await failures()).find((f) => f.eventId === eventId && f.status === 'failed'),
    );
    expect(failed).toMatchObject({
      subscriber: 'test.broken',
      attempts: 1,
      lastError: 'the partner endpoint is gone',
    });
    const engineer = (await signInAs(app, 'engineer')).headers;
    const res = await app.inject({ method: 'GET', url: '/api/events/failures', headers: engineer });
    expect(res.statusCode).toBe(403);
  });
});
