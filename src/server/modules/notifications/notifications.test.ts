import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { ListNotificationsResponse } from '@shared/notifications/notifications.contracts';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { createUser, signIn, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { inTransaction } from '../../db/transaction';
import { recordCustomerRequest } from '../orders/orders.service';
import { deliverMessage, messageRetryLimit } from '../messages/messages.service';
import { messages } from '../messages/messages.schema';
import { notificationsSubscriber } from './notifications.subscribers';
import { notifySlaAtRisk } from './notifications.service';

// Issue 25 (decision 080): who is told of which order event, and who is not.

describe('notifications', () => {
  let app: TestApp;
  type Person = { id: string; headers: AuthHeaders };
  let office: Person; // makes the back-office moves
  let office2: Person;
  let boss: Person; // contractor user of company A
  let dispatcher: Person; // second contractor user of company A
  let rival: Person; // contractor user of company B
  let engineer1: Person;
  let engineer2: Person;
  let customer: Person;
  let companyA: string;
  let companyB: string;

  const person = async (role: Parameters<typeof signInAs>[1], overrides = {}) => {
    const { user, headers } = await signInAs(app, role, overrides);
    return { id: user.id, headers };
  };

  beforeAll(async () => {
    // Email goes to a port nobody listens on: the message-failed case sends through it.
    app = await createTestApp({ config: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    companyA = (await createContractor(app, { coverageAreas: ['EX'] })).id;
    companyB = (await createContractor(app, { coverageAreas: ['EX'] })).id;
    office = await person('back_office');
    office2 = await person('back_office');
    boss = await person('contractor', { contractorId: companyA });
    dispatcher = await person('contractor', { contractorId: companyA });
    rival = await person('contractor', { contractorId: companyB });
    engineer1 = await person('engineer', { contractorId: companyA });
    engineer2 = await person('engineer', { contractorId: companyA });
    customer = await person('customer');
  });

  const everyone = () => ({
    office,
    office2,
    boss,
    dispatcher,
    rival,
    engineer1,
    engineer2,
  });

  /** Hands every event in the outbox to the notifications subscriber, as its job would. */
  async function deliverAll() {
    const rows = await app.deps.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .orderBy(asc(domainEvents.occurredAt));
    for (const row of rows) await app.deps.events.deliver(notificationsSubscriber, row.id);
  }

  async function listOf(who: Person): Promise<ListNotificationsResponse> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListNotificationsResponse;
  }

  /** For each person, the kinds of notifications about this order they hold. */
  async function kindsAbout(orderId: string) {
    const out: Record<string, string[]> = {};
    for (const [name, who] of Object.entries(everyone())) {
      out[name] = (await listOf(who)).notifications
        .filter((n) => n.orderId === orderId)
        .map((n) => n.kind)
        .sort();
    }
    return out;
  }

  const act = async (who: Person, orderId: string, path: string, payload: object = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/${path}`,
      headers: who.headers,
      payload,
    });
    expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  };

  const none = {
    office: [],
    office2: [],
    boss: [],
    dispatcher: [],
    rival: [],
    engineer1: [],
    engineer2: [],
  };

  it('an offer tells the contractor’s users only; a decline tells back office but not who declined', async () => {
    const order = await buildOrder(app, { status: 'validated', kitStatus: 'arrived' });
    await act(office, order.id, 'assign', { contractorId: companyA });
    await deliverAll();
    expect(await kindsAbout(order.id)).toEqual({
      ...none,
      boss: ['offer_new'],
      dispatcher: ['offer_new'],
    });
    const offer = (await listOf(boss)).notifications.find((n) => n.orderId === order.id)!;
    expect(offer.link).toBe(`/contractor/orders/${order.id}`);
    expect(offer.title).toContain(order.orderNumber);

    await act(boss, order.id, 'decline', { reason: 'No one free that week' });
    await deliverAll();
    const after = await kindsAbout(order.id);
    // The one who assigned is back office too: a decline is news to them.
    expect(after.office).toEqual(['offer_declined']);
    expect(after.office2).toEqual(['offer_declined']);
    expect(after.boss).toEqual(['offer_new']);
    expect(after.engineer1).toEqual([]);
    const declined = (await listOf(office2)).notifications.find(
      (n) => n.kind === 'offer_declined',
    )!;
    expect(declined.link).toBe(`/orders/${order.id}`);
    expect(declined.body).toContain('No one free that week');
  });

  it('a visit added, moved, given to another and cancelled tells the engineers concerned', async () => {
    const order = await buildOrder(app, {
      status: 'assigned',
      kitStatus: 'arrived',
      contractorId: companyA,
    });
    await act(boss, order.id, 'schedule', {
      engineerId: engineer1.id,
      date: '2026-12-01',
      slot: 'am',
    });
    await deliverAll();
    expect(await kindsAbout(order.id)).toEqual({ ...none, engineer1: ['visit_added'] });
    const added = (await listOf(engineer1)).notifications.find((n) => n.orderId === order.id)!;
    expect(added.link).toMatch(/^\/engineer\/visits\/[0-9a-f-]{36}$/);

    await act(boss, order.id, 'reschedule', {
      engineerId: engineer1.id,
      date: '2026-12-02',
      slot: 'pm',
    });
    await deliverAll();
    expect((await kindsAbout(order.id)).engineer1).toEqual(['visit_added', 'visit_moved']);

    await act(office, order.id, 'reschedule', {
      engineerId: engineer2.id,
      date: '2026-12-02',
      slot: 'pm',
    });
    await deliverAll();
    let kinds = await kindsAbout(order.id);
    expect(kinds.engineer1).toEqual(['visit_added', 'visit_cancelled', 'visit_moved']);
    expect(kinds.engineer2).toEqual(['visit_added']);
    // Visit changes are the engineers' business, not the office's or the contractor's.
    expect(kinds.office).toEqual([]);
    expect(kinds.boss).toEqual([]);

    await act(boss, order.id, 'unschedule', { reason: 'Customer away' });
    await deliverAll();
    kinds = await kindsAbout(order.id);
    expect(kinds.engineer2).toEqual(['visit_added', 'visit_cancelled']);
    expect(kinds.engineer1).toEqual(['visit_added', 'visit_cancelled', 'visit_moved']);
  });

  it('a cancellation tells the contractor’s users and the engineer whose visit went', async () => {
    const order = await buildOrder(app, {
      status: 'scheduled',
      kitStatus: 'arrived',
      contractorId: companyA,
      engineerId: engineer2.id,
      visitDate: '2026-12-03',
    });
    await act(office, order.id, 'cancel', { reason: 'Customer moved house' });
    await deliverAll();
    expect(await kindsAbout(order.id)).toEqual({
      ...none,
      boss: ['order_cancelled'],
      dispatcher: ['order_cancelled'],
      engineer2: ['visit_cancelled'],
    });
  });

  it('a visit that failed tells back office; the engineer who failed it is not told', async () => {
    const order = await buildOrder(app, {
      status: 'in_progress',
      kitStatus: 'arrived',
      contractorId: companyA,
      engineerId: engineer1.id,
    });
    await act(engineer1, order.id, 'fail', {
      failureReason: 'customer_absent',
      notes: 'Nobody in',
    });
    await deliverAll();
    expect(await kindsAbout(order.id)).toEqual({
      ...none,
      office: ['visit_failed'],
      office2: ['visit_failed'],
    });
  });

  it('a customer’s reschedule request tells the order’s contractor', async () => {
    const order = await buildOrder(app, {
      status: 'scheduled',
      kitStatus: 'arrived',
      contractorId: companyA,
      engineerId: engineer1.id,
    });
    await inTransaction(app.deps.database.db, (tx) =>
      recordCustomerRequest(tx, {
        orderId: order.id,
        type: 'reschedule_requested',
        customerName: 'Jenna Pascoe',
        data: { dates: ['2026-12-08'], note: 'Mornings please' },
        now: new Date(),
      }),
    );
    await deliverAll();
    const kinds = await kindsAbout(order.id);
    expect(kinds).toEqual({
      ...none,
      boss: ['reschedule_requested'],
      dispatcher: ['reschedule_requested'],
    });
    const note = (await listOf(dispatcher)).notifications.find((n) => n.orderId === order.id)!;
    expect(note.body).toContain('Mornings please');
  });

  it('a message given up on tells back office, linking to its order', async () => {
    const order = await buildOrder(app, { status: 'received' });
    const [message] = await app.deps.database.db
      .insert(messages)
      .values({
        channel: 'email',
        kind: 'customer_form_link',
        to: 'gone@example.com',
        subject: 'Your form',
        body: 'Hello',
        provider: 'smtp',
        status: 'queued',
        attempts: messageRetryLimit,
        relatedType: 'order',
        relatedId: order.id,
      })
      .returning();
    await expect(deliverMessage(app.deps, message!.id)).rejects.toThrow();
    await deliverAll();
    expect(await kindsAbout(order.id)).toEqual({
      ...none,
      office: ['message_failed'],
      office2: ['message_failed'],
    });
  });

  it('an order whose SLA turns at risk tells back office once', async () => {
    const receivedAt = new Date(Date.now() - 11 * 86_400_000); // 11 of 14 days: past 75 %
    const order = await buildOrder(app, {
      status: 'validated',
      receivedAt,
      slaAtRiskAt: new Date(Date.now() - 3_600_000),
      slaDueAt: new Date(Date.now() + 3 * 86_400_000),
    });
    expect(await notifySlaAtRisk(app.deps)).toBeGreaterThanOrEqual(2);
    await notifySlaAtRisk(app.deps);
    expect(await kindsAbout(order.id)).toEqual({
      ...none,
      office: ['sla_at_risk'],
      office2: ['sla_at_risk'],
    });
  });

  it('marks one read and then all read; another’s notification is not found', async () => {
    const before = await listOf(boss);
    expect(before.unreadCount).toBeGreaterThanOrEqual(2);
    const first = before.notifications[0]!;
    const read = await app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: boss.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      notification: { id: first.id },
      unreadCount: before.unreadCount - 1,
    });
    expect(read.json().notification.readAt).not.toBeNull();

    // Not theirs: the dispatcher cannot read the boss's.
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: dispatcher.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const unread = await app.inject({
      method: 'GET',
      url: '/api/notifications?unread=true',
      headers: boss.headers,
    });
    expect(unread.json().notifications.map((n: { id: string }) => n.id)).not.toContain(first.id);

    const all = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: boss.headers,
    });
    expect(all.statusCode).toBe(200);
    expect((await listOf(boss)).unreadCount).toBe(0);
    // The dispatcher's own are untouched.
    expect((await listOf(dispatcher)).unreadCount).toBeGreaterThan(0);
  });

  it('refuses bad input, customers and the signed out', async () => {
    const badId = await app.inject({
      method: 'POST',
      url: '/api/notifications/not-an-id/read',
      headers: boss.headers,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('Not a notification id');
    const badQuery = await app.inject({
      method: 'GET',
      url: '/api/notifications?unread=maybe',
      headers: boss.headers,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.body).toContain('unread is true or false');
    const badBefore = await app.inject({
      method: 'GET',
      url: `/api/notifications?before=${crypto.randomUUID()}`,
      headers: boss.headers,
    });
    expect(badBefore.statusCode).toBe(400);

    for (const url of [
      '/api/notifications',
      '/api/notifications/settings',
      '/api/notifications/stream',
    ]) {
      const asCustomer = await app.inject({ method: 'GET', url, headers: customer.headers });
      expect(asCustomer.statusCode, url).toBe(403);
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('keeps each person’s digest setting, refusing a value it does not know', async () => {
    const initial = await app.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: engineer1.headers,
    });
    expect(initial.json()).toEqual({ emailDigest: 'off' });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: engineer1.headers,
      payload: { emailDigest: 'weekly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Email digest is one of off, hourly, daily');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: engineer1.headers,
      payload: { emailDigest: 'daily' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ emailDigest: 'daily' });
    // Someone else's setting is their own.
    const other = await app.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: engineer2.headers,
    });
    expect(other.json()).toEqual({ emailDigest: 'off' });
  });

  it('streams a new notification to the open page (server-sent events)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
      headers: { cookie: rival.headers.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    // The security headers apply to the stream too.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no ${needle} in ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended without ${needle}`);
        received += decoder.decode(value);
      }
    };
    await readUntil('event: unread');
    expect(received).toContain('data: {"unreadCount":0}');

    const order = await buildOrder(app, { status: 'validated', kitStatus: 'arrived' });
    await act(office, order.id, 'assign', { contractorId: companyB });
    await deliverAll();
    await readUntil(`New offer: ${order.orderNumber}`);
    expect(received).toMatch(/event: notification\ndata: \{[^\n]*"kind":"offer_new"/);
    await readUntil('data: {"unreadCount":1}');
    controller.abort();
  });

  it('refuses the stream once the session has ended (sign out)', async () => {
    const { port } = app.server.address() as AddressInfo;
    const user = await createUser(app, { role: 'contractor', contractorId: companyB });
    const headers = await signIn(app, user);
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
      headers: { cookie: headers.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    controller.abort();
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const again = await app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers,
    });
    expect(again.statusCode).toBe(401);
  });
});
