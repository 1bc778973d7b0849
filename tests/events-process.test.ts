// The guarantee of docs/decisions/014: an order change committed by a process that dies before
// handing its event over is delivered by the next process, and its effect happens exactly once.
// Runs on PGlite (a data folder) and, under `npm run test:pg`, on a PostgreSQL database.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { auditLog } from '../src/server/modules/audit/audit.schema';
import { domainEvents, eventDeliveries } from '../src/server/modules/events/events.schema';
import { jobTypes } from '../src/server/modules/job-types/job-types.schema';
import { orderEvents } from '../src/server/modules/orders/order-events.schema';
import { partners } from '../src/server/modules/partners/partners.schema';
import { users } from '../src/server/modules/users/users.schema';
import { orderAuditSubscriber } from '../src/server/modules/audit/audit.subscribers';
import { createSession, sessionCookieName } from '../src/server/modules/auth/session.service';
import { waitFor } from './support/auth';
import { freePort, spawnServer, type ServerProcess } from './support/server-process';

const sessionSecret = 'kill-test-secret-kill-test-secret-0123456789';
const started: ServerProcess[] = [];
const serverBaseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `uplink_events_kill_${process.pid}`;

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
});

afterAll(async () => {
  if (!serverBaseUrl) return;
  const admin = new pg.Client({ connectionString: serverBaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

/** Where both server processes keep their data: a new data folder, or a new database. */
async function freshStore(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
}> {
  if (serverBaseUrl) {
    const admin = new pg.Client({ connectionString: serverBaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const url = new URL(serverBaseUrl);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    return {
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, maxConnections: 2 }),
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-events-kill-'));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const server = spawnServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: sessionSecret,
    SEED_DEMO: 'false',
    EVENTS_POLL_INTERVAL_MS: '100',
    ...env,
  });
  started.push(server);
  await server.ready;
  return server;
}

describe('domain events across a killed process', { timeout: 180_000 }, () => {
  it('delivers an event committed just before a SIGKILL once, after the restart', async () => {
    const store = await freshStore();

    // The data the order needs, and a signed-in back-office user, made before any server runs.
    let handle = await store.open();
    await migrate(handle);
    const [user] = await handle.db
      .insert(users)
      .values({
        email: 'office@example.com',
        role: 'back_office',
        firstName: 'Office',
        lastName: 'User',
        status: 'active',
      })
      .returning();
    const [partner] = await handle.db
      .insert(partners)
      .values({ name: 'Kill test partner', code: 'KILL' })
      .returning();
    const [jobType] = await handle.db
      .insert(jobTypes)
      .values({ code: 'KILL', name: 'Install', defaultPricePence: 100, defaultPayoutPence: 50 })
      .returning();
    const config = loadConfig({ SESSION_SECRET: sessionSecret, DATA_DIR: os.tmpdir() });
    const session = await createSession(handle.db, config, user!.id);
    await handle.close();
    const cookie = `${sessionCookieName}=${session.token}`;

    // 1. A process without a worker commits the change, then dies before anything hands it over.
    const first = await start({ ...store.env, JOBS_WORKER: 'false' });
    const created = await fetch(`${first.url}/api/orders`, {
      method: 'POST',
      headers: { cookie, origin: first.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        partnerId: partner!.id,
        jobTypeId: jobType!.id,
        customer: {
          firstName: 'Demelza',
          lastName: 'Killed',
          email: 'demelza@example.com',
          address: { line1: '1 Fore Street', town: 'Truro', postcode: 'TR1 2AA' },
        },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const orderId = ((await created.json()) as { id: string }).id;
    first.child.kill('SIGKILL');
    await first.exited;

    handle = await store.open();
    const [orderEvent] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));
    const eventId = orderEvent!.id;
    const [waiting] = await handle.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.id, eventId));
    expect(waiting).toMatchObject({ type: 'order.created', dispatchedAt: null });
    const auditBefore = await handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'eventId' = ${eventId}`);
    expect(auditBefore).toHaveLength(0);
    await handle.close();

    // 2. The next process, with its worker, finds the event in the outbox and delivers it.
    const second = await start({ ...store.env, JOBS_WORKER: 'true' });
    await waitFor(
      async () => {
        const res = await fetch(
          `${second.url}/api/events?aggregateType=order&aggregateId=${orderId}`,
          { headers: { cookie } },
        );
        expect(res.status).toBe(200);
        const body = (await res.json()) as {
          events: { id: string; deliveries: { subscriber: string; status: string }[] }[];
        };
        const event = body.events.find((e) => e.id === eventId);
        return event?.deliveries.some(
          (d) => d.subscriber === orderAuditSubscriber && d.status === 'done',
        )
          ? event
          : null;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // 3. Exactly once: one audit row, one delivery on its first attempt, the event handed over.
    handle = await store.open();
    try {
      const audit = await handle.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.details}->>'eventId' = ${eventId}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'order.created', targetId: orderId });
      const deliveries = await handle.db
        .select()
        .from(eventDeliveries)
        .where(
          and(
            eq(eventDeliveries.eventId, eventId),
            eq(eventDeliveries.subscriber, orderAuditSubscriber),
          ),
        );
      expect(deliveries).toEqual([
        expect.objectContaining({ subscriber: orderAuditSubscriber, status: 'done', attempts: 1 }),
      ]);
      const [handed] = await handle.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.id, eventId));
      expect(handed!.dispatchedAt).not.toBeNull();
    } finally {
      await handle.close();
    }
  });
});
