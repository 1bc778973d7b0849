import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderNote } from '@shared/order-notes/order-notes.contracts';
import type { ListNotificationsResponse } from '@shared/notifications/notifications.contracts';
import { buildOrder, createContractor, createPartner } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { notificationsSubscriber } from '../notifications/notifications.subscribers';
import { createApiKey } from '../partner-api/partner-api.service';

// Issue 25 (decision 080): the internal thread on an order, who reads it, and @mentions.

describe('notes on an order', () => {
  let app: TestApp;
  type Person = { id: string; headers: AuthHeaders };
  let office: Person;
  let office2: Person;
  let boss: Person;
  let colleague: Person;
  let rival: Person;
  let engineer: Person;
  let customer: Person;
  let orderId: string;
  let orderNumber: string;
  let unassignedOrderId: string;
  let partnerKey: string;
  const secret = 'Gate code 7731 and the dog bites';
  const sharedText = 'Bring the long ladder, two-storey gable';

  const person = async (role: Parameters<typeof signInAs>[1], overrides = {}) => {
    const { user, headers } = await signInAs(app, role, overrides);
    return { id: user.id, headers };
  };

  beforeAll(async () => {
    app = await createTestApp();
    const companyA = (await createContractor(app)).id;
    const companyB = (await createContractor(app)).id;
    office = await person('back_office', { firstName: 'Olive', lastName: 'Office' });
    office2 = await person('back_office', { firstName: 'Otto', lastName: 'Desk' });
    boss = await person('contractor', {
      contractorId: companyA,
      firstName: 'Bea',
      lastName: 'Boss',
    });
    colleague = await person('contractor', { contractorId: companyA, firstName: 'Cal' });
    rival = await person('contractor', { contractorId: companyB });
    engineer = await person('engineer', { contractorId: companyA });
    const partnerId = (await createPartner(app)).id;
    const customerEmail = `notes-customer-${Date.now()}@example.com`;
    customer = await person('customer', { email: customerEmail });
    const order = await buildOrder(app, {
      status: 'scheduled',
      kitStatus: 'arrived',
      partnerId,
      contractorId: companyA,
      engineerId: engineer.id,
      customer: { email: customerEmail },
    });
    orderId = order.id;
    orderNumber = order.orderNumber;
    unassignedOrderId = (await buildOrder(app, { status: 'validated' })).id;
    partnerKey = (
      await createApiKey(
        app.deps.database.db,
        { partnerId, name: 'Notes', scopes: ['read', 'write'], allowedCidrs: [] },
        {},
      )
    ).key;
  });

  const notesOf = (who: Person, id = orderId) =>
    app.inject({ method: 'GET', url: `/api/orders/${id}/notes`, headers: who.headers });
  const add = (who: Person, payload: object, id = orderId) =>
    app.inject({ method: 'POST', url: `/api/orders/${id}/notes`, headers: who.headers, payload });

  async function deliverAll() {
    const rows = await app.deps.database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .orderBy(asc(domainEvents.occurredAt));
    for (const row of rows) await app.deps.events.deliver(notificationsSubscriber, row.id);
  }
  const notificationsOf = async (who: Person) =>
    (
      (
        await app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers })
      ).json() as ListNotificationsResponse
    ).notifications;

  it('back office writes an internal note; the contractor sees only shared ones', async () => {
    const internal = await add(office, { body: `  ${secret}  ` });
    expect(internal.statusCode, internal.body).toBe(201);
    const note = internal.json().note as OrderNote;
    expect(note).toMatchObject({
      body: secret,
      sharedWithContractor: false,
      author: { id: office.id, name: 'Olive Office', side: 'back_office' },
      mentions: [],
    });
    const shared = await add(office, { body: sharedText, sharedWithContractor: true });
    expect(shared.statusCode, shared.body).toBe(201);

    const asOffice = (await notesOf(office2)).json().notes as OrderNote[];
    expect(asOffice.map((n) => n.body)).toEqual([secret, sharedText]);

    const asBoss = await notesOf(boss);
    expect(asBoss.statusCode).toBe(200);
    expect((asBoss.json().notes as OrderNote[]).map((n) => n.body)).toEqual([sharedText]);
    expect(asBoss.body).not.toContain('7731');
  });

  it('a contractor’s own note is shared, and back office reads it', async () => {
    const res = await add(boss, {
      body: 'Customer asked for mornings',
      sharedWithContractor: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().note).toMatchObject({
      sharedWithContractor: true,
      author: { side: 'contractor', name: 'Bea Boss' },
    });
    const asOffice = (await notesOf(office)).json().notes as OrderNote[];
    expect(asOffice.map((n) => n.body)).toContain('Customer asked for mornings');
  });

  it('refuses another company, engineers, customers, partners and the signed out', async () => {
    expect((await notesOf(rival)).statusCode).toBe(404);
    expect((await add(rival, { body: 'Hello' })).statusCode).toBe(404);
    expect((await notesOf(engineer)).statusCode).toBe(403);
    expect((await add(engineer, { body: 'Hello' })).statusCode).toBe(403);
    expect((await notesOf(customer)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${orderId}/notes` })).statusCode,
    ).toBe(401);
    // An API key opens no session route.
    const withKey = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/notes`,
      headers: { authorization: `Bearer ${partnerKey}` },
    });
    expect(withKey.statusCode).toBe(401);
  });

  it('no customer or partner answer holds a note', async () => {
    const portal = await app.inject({
      method: 'GET',
      url: '/api/customer/orders',
      headers: customer.headers,
    });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().items.length).toBeGreaterThan(0);
    const partner = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderNumber}`,
      headers: { authorization: `Bearer ${partnerKey}` },
    });
    expect(partner.statusCode, partner.body).toBe(200);
    for (const body of [portal.body, partner.body]) {
      expect(body).not.toContain('7731');
      expect(body).not.toContain('long ladder');
      expect(body).not.toContain('mornings');
    }
  });

  it('refuses bad input with a clear message', async () => {
    const empty = await add(office, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write the note');
    const long = await add(office, { body: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 4000 characters');
    const badShare = await add(office, { body: 'Hi', sharedWithContractor: 'yes' });
    expect(badShare.statusCode).toBe(400);
    expect(badShare.body).toContain('sharedWithContractor is true or false');
    const badMention = await add(office, { body: 'Hi', mentionUserIds: ['bob'] });
    expect(badMention.statusCode).toBe(400);
    expect(badMention.body).toContain('A mention is the id of a user');
    const noContractor = await add(
      office,
      { body: 'For the installer', sharedWithContractor: true },
      unassignedOrderId,
    );
    expect(noContractor.statusCode).toBe(400);
    expect(noContractor.body).toContain('no contractor to share the note with');
    const badOrder = await app.inject({
      method: 'GET',
      url: '/api/orders/not-an-order/notes',
      headers: office.headers,
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.body).toContain('Not an order id');
    const missing = await notesOf(office, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
  });

  it('an @mention notifies the people named, linking to the notes for their role', async () => {
    const mentionable = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/notes/mentionable`,
      headers: office.headers,
    });
    expect(mentionable.statusCode).toBe(200);
    const people = mentionable.json().people as { id: string; side: string }[];
    expect(people.map((p) => p.id)).toEqual(
      expect.arrayContaining([office2.id, boss.id, colleague.id]),
    );
    expect(people.map((p) => p.id)).not.toContain(office.id);
    expect(people.map((p) => p.id)).not.toContain(rival.id);
    expect(people.map((p) => p.id)).not.toContain(engineer.id);

    // A contractor's user in a note the contractor cannot read: refused, by name.
    const unshared = await add(office, { body: '@Bea Boss see this', mentionUserIds: [boss.id] });
    expect(unshared.statusCode).toBe(400);
    expect(unshared.body).toContain('Bea Boss sees only notes shared with the contractor');
    // Someone who has no business on the order.
    const stranger = await add(office, {
      body: '@x',
      mentionUserIds: [rival.id],
      sharedWithContractor: true,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('cannot be mentioned on this order');

    const res = await add(office, {
      body: '@Otto Desk @Bea Boss the customer wants a call first',
      sharedWithContractor: true,
      mentionUserIds: [office2.id, boss.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().note.mentions.map((m: { name: string }) => m.name)).toEqual([
      'Otto Desk',
      'Bea Boss',
    ]);
    await deliverAll();
    const otto = (await notificationsOf(office2)).filter((n) => n.kind === 'note_mention');
    expect(otto).toHaveLength(1);
    expect(otto[0]!.link).toBe(`/orders/${orderId}#notes`);
    expect(otto[0]!.title).toContain('Olive Office mentioned you');
    const bea = (await notificationsOf(boss)).filter((n) => n.kind === 'note_mention');
    expect(bea).toHaveLength(1);
    expect(bea[0]!.link).toBe(`/contractor/orders/${orderId}#notes`);
    // Not named: not told.
    expect((await notificationsOf(colleague)).filter((n) => n.kind === 'note_mention')).toEqual([]);
    expect((await notificationsOf(office)).filter((n) => n.kind === 'note_mention')).toEqual([]);

    // A contractor names its colleague.
    const fromBoss = await add(boss, {
      body: '@Cal bring the ladder',
      mentionUserIds: [colleague.id],
    });
    expect(fromBoss.statusCode, fromBoss.body).toBe(201);
    // …but not back office (it does not list them).
    const upwards = await add(boss, { body: '@Olive', mentionUserIds: [office.id] });
    expect(upwards.statusCode).toBe(400);
    await deliverAll();
    expect(
      (await notificationsOf(colleague)).filter((n) => n.kind === 'note_mention'),
    ).toHaveLength(1);
  });
});
