import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor, createCustomer } from '../../../../tests/factories/orders';
import { createUser, signIn, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { inTransaction } from '../../db/transaction';
import { auditLog } from '../audit/audit.schema';
import { sessions } from '../auth/sessions.schema';
import { customerFormSubmissions, customerPhotos } from '../customer-links/customer-links.schema';
import { messages } from '../messages/messages.schema';
import { orderEvents } from '../orders/order-events.schema';
import { orders } from '../orders/orders.schema';
import { publicLinks } from '../public-links/public-links.schema';
import { issuePublicLink } from '../public-links/public-links.service';
import { visitPhotos, visits } from '../visits/visits.schema';
import { customers } from './customers.schema';

// Issue 21, data protection: a customer's data exported as a zip, and anonymised.

let app: TestApp;
let office: AuthHeaders;
const db = () => app.deps.database.db;
const storage = () => app.deps.adapters.storage;

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
});

const jpeg = (label: string) => new Uint8Array([0xff, 0xd8, 0xff, ...Buffer.from(label)]);

/**
 * A closed order of a customer holding everything the product keeps about someone: a form
 * answered through a link, a photo they sent, a visit with its photo and signature, messages,
 * a step they took in the timeline, and a portal account signed in.
 */
async function customerWithEverything() {
  const customer = await createCustomer(app, {
    firstName: 'Morwenna',
    lastName: 'Penhaligon',
    email: `morwenna-${randomUUID().slice(0, 8)}@example.com`,
    phone: '+447700900555',
    addressLine1: '7 Fore Street',
    addressLine2: 'Flat 2',
    postcode: 'TR18 2RH',
    latitude: 50.1,
    longitude: -5.5,
    notes: 'Dog in the garden',
  });
  const closedAt = new Date(Date.now() - 5 * 86_400_000);
  const order = await buildOrder(app, { customerId: customer.id, status: 'closed', closedAt });
  const contractor = await createContractor(app);
  const engineer = await createUser(app, { role: 'engineer', contractorId: contractor.id });
  const tag = randomUUID();
  const keys = {
    customerPhoto: `customer-photos/2026-11/${tag}.jpg`,
    visitPhoto: `visit-photos/2026-11/${tag}.jpg`,
    thumbnail: `visit-photos/2026-11/${tag}-thumb.jpg`,
    signature: `visit-signatures/2026-11/${tag}.png`,
  };
  await storage().put(keys.customerPhoto, jpeg('customer photo'), 'image/jpeg');
  await storage().put(keys.visitPhoto, jpeg('visit photo'), 'image/jpeg');
  await storage().put(keys.thumbnail, jpeg('thumb'), 'image/jpeg');
  await storage().put(keys.signature, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png');

  const link = await inTransaction(db(), (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'kit_arrived' }),
  );
  const formLink = await inTransaction(db(), (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'customer_form' }),
  );
  const [formLinkRow] = await db()
    .select({ id: publicLinks.id })
    .from(publicLinks)
    .where(and(eq(publicLinks.orderId, order.id), eq(publicLinks.purpose, 'customer_form')));
  const linkId = formLinkRow!.id;
  await db()
    .insert(customerFormSubmissions)
    .values({
      orderId: order.id,
      linkId,
      answers: { firstName: 'Morwenna', lastName: 'Penhaligon' } as never,
      submittedAt: new Date(),
    });
  await db().insert(customerPhotos).values({
    orderId: order.id,
    linkId,
    purpose: 'customer_form',
    storageKey: keys.customerPhoto,
    contentType: 'image/jpeg',
    bytes: 17,
    createdAt: new Date(),
    attachedAt: new Date(),
  });
  const [visit] = await db()
    .insert(visits)
    .values({
      orderId: order.id,
      contractorId: contractor.id,
      engineerId: engineer.id,
      scheduledDate: '2026-11-01',
      slot: 'am',
      status: 'completed',
      outcome: 'completed',
      customerSignOffName: 'Morwenna Penhaligon',
      checkInLatitude: '50.1',
      checkInLongitude: '-5.5',
      signatureKey: keys.signature,
      serials: { dish: 'DISH-1' },
    })
    .returning();
  await db()
    .insert(visitPhotos)
    .values({
      id: randomUUID(),
      visitId: visit!.id,
      orderId: order.id,
      category: 'dish_installed',
      storageKey: keys.visitPhoto,
      thumbnailKey: keys.thumbnail,
      contentType: 'image/jpeg',
      bytes: 14,
      width: 10,
      height: 10,
      sha256: 'a'.repeat(64),
      takenAt: new Date(),
      uploadedAt: new Date(),
    });
  await db().insert(messages).values({
    channel: 'email',
    kind: 'order_received',
    to: customer.email!,
    subject: 'Your order, Morwenna',
    body: 'Hello Morwenna, we will install at 7 Fore Street.',
    status: 'sent',
    relatedType: 'order',
    relatedId: order.id,
  });
  await db().insert(orderEvents).values({
    orderId: order.id,
    type: 'submit_customer_form',
    actorRole: 'customer',
    actorName: 'Morwenna Penhaligon',
  });
  const portalUser = await createUser(app, {
    role: 'customer',
    email: customer.email!,
    firstName: 'Morwenna',
  });
  const portal = await signIn(app, portalUser);
  return { customer, order, visit: visit!, keys, link, formLink, portalUser, portal };
}

const exportOf = (id: string, headers: AuthHeaders = office) =>
  app.inject({ method: 'GET', url: `/api/customers/${id}/export`, headers });
const anonymise = (id: string, headers: AuthHeaders = office) =>
  app.inject({ method: 'POST', url: `/api/customers/${id}/anonymise`, headers });
const auditOf = (id: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
const unknownId = '00000000-0000-4000-8000-000000000000';

describe('GET /api/customers/:id/export', () => {
  it('gives a zip of the record, orders, events, messages and files, and audits it', async () => {
    const { customer, order, keys } = await customerWithEverything();
    const res = await exportOf(customer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${customer.reference}-data-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[name]!));
    expect(Object.keys(zip).sort()).toEqual([
      'customer.json',
      'events.json',
      'files.json',
      'files/customer-photo-001.jpg',
      'files/signature-003.png',
      'files/visit-photo-002.jpg',
      'form-submissions.json',
      'messages.json',
      'orders.json',
      'visits.json',
    ]);
    expect(json('customer.json')).toMatchObject({
      id: customer.id,
      firstName: 'Morwenna',
      lastName: 'Penhaligon',
      phone: '+447700900555',
      address: { line1: '7 Fore Street', line2: 'Flat 2', postcode: 'TR18 2RH' },
      anonymisedAt: null,
    });
    expect(json('orders.json').map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(json('events.json').map((e: { type: string }) => e.type)).toContain(
      'submit_customer_form',
    );
    expect(json('messages.json')[0]).toMatchObject({ to: customer.email, relatedId: order.id });
    expect(json('visits.json').visits[0].customerSignOffName).toBe('Morwenna Penhaligon');
    expect(json('form-submissions.json').submissions[0].answers.firstName).toBe('Morwenna');
    expect(Buffer.from(zip['files/customer-photo-001.jpg']!)).toEqual(
      await storage().get(keys.customerPhoto),
    );
    expect(Buffer.from(zip['files/signature-003.png']!)).toEqual(
      await storage().get(keys.signature),
    );
    // A standard tool opens it too, where the machine has one.
    if (existsSync('/usr/bin/unzip')) {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'export-')), 'export.zip');
      writeFileSync(file, res.rawPayload);
      expect(execFileSync('/usr/bin/unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
    }
    const [audit] = await auditOf(customer.id, 'customer.exported');
    expect(audit).toMatchObject({ targetType: 'customer', details: { orders: 1, files: 3 } });
    expect(audit!.actorUserId).not.toBeNull();
  });

  it('is back office only, and 404 for an unknown customer', async () => {
    const customer = await createCustomer(app);
    for (const role of ['contractor', 'engineer', 'customer'] as const) {
      const { headers } = await signInAs(app, role);
      expect((await exportOf(customer.id, headers)).statusCode, role).toBe(403);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/customers/${customer.id}/export` })).statusCode,
    ).toBe(401);
    const missing = await exportOf(unknownId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Customer not found');
    expect((await exportOf('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST /api/customers/:id/anonymise', () => {
  it('replaces personal fields everywhere, removes files, ends links and sessions, keeps orders', async () => {
    const world = await customerWithEverything();
    const { customer, order, keys } = world;
    const before = await app.inject({
      method: 'GET',
      url: '/api/customer/orders',
      headers: world.portal,
    });
    expect(before.statusCode).toBe(200);

    const linkAnswers = new Map<string, unknown>();
    for (const [url, token] of [
      ['/api/public/kit-arrived', world.link.token],
      ['/api/public/customer-form', world.formLink.token],
    ] as const) {
      linkAnswers.set(url, (await app.inject({ method: 'GET', url: `${url}/${token}` })).json());
    }

    const res = await anonymise(customer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: customer.id,
      alreadyAnonymised: false,
      filesRemoved: 4,
    });

    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({
      firstName: 'Anonymised',
      lastName: 'Customer',
      email: null,
      phone: null,
      addressLine1: 'Anonymised',
      addressLine2: null,
      postcode: 'TR18',
      latitude: null,
      longitude: null,
      notes: null,
    });
    expect(row!.anonymisedAt).not.toBeNull();
    expect(row!.searchText).not.toMatch(/penhaligon|morwenna|fore street|07700900555/i);

    // The order stays, with its figures; its search text no longer names them.
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ status: 'closed', pricePence: 19_900 });
    expect(kept!.searchText).not.toMatch(/penhaligon|morwenna/i);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.map((e) => e.actorName)).not.toContain('Morwenna Penhaligon');

    // Copies elsewhere: messages, the visit, the form's answers, photos.
    const [message] = await db().select().from(messages).where(eq(messages.relatedId, order.id));
    expect(message).toMatchObject({ to: 'anonymised', subject: null, status: 'sent' });
    expect(message!.body).not.toMatch(/Morwenna|Fore Street/);
    const [visit] = await db().select().from(visits).where(eq(visits.id, world.visit.id));
    expect(visit).toMatchObject({
      customerSignOffName: null,
      signatureKey: null,
      checkInLatitude: null,
      outcome: 'completed',
      serials: { dish: 'DISH-1' },
    });
    expect(await db().select().from(visitPhotos).where(eq(visitPhotos.orderId, order.id))).toEqual(
      [],
    );
    expect(
      await db().select().from(customerPhotos).where(eq(customerPhotos.orderId, order.id)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(customerFormSubmissions)
        .where(eq(customerFormSubmissions.orderId, order.id)),
    ).toEqual([]);
    for (const key of Object.values(keys)) expect(await storage().get(key), key).toBeNull();

    // Links: the old token is as unknown as one never made.
    for (const [url, token] of [
      ['/api/public/kit-arrived', world.link.token],
      ['/api/public/customer-form', world.formLink.token],
    ] as const) {
      const old = await app.inject({ method: 'GET', url: `${url}/${token}` });
      const never = await app.inject({
        method: 'GET',
        url: `${url}/${'x'.repeat(43)}`,
      });
      expect(old.statusCode, url).toBe(never.statusCode);
      expect(old.json(), url).toEqual(never.json());
      expect(linkAnswers.get(url), url).not.toEqual(never.json());
    }
    // Sessions: the portal account is signed out.
    expect(
      await db().select().from(sessions).where(eq(sessions.userId, world.portalUser.id)),
    ).toEqual([]);
    const after = await app.inject({
      method: 'GET',
      url: '/api/customer/orders',
      headers: world.portal,
    });
    expect(after.statusCode).toBe(401);

    // The page shows the customer as anonymised.
    const detail = await app.inject({
      method: 'GET',
      url: `/api/customers/${customer.id}`,
      headers: office,
    });
    expect(detail.json()).toMatchObject({
      firstName: 'Anonymised',
      anonymisedAt: row!.anonymisedAt!.toISOString(),
    });

    const [audit] = await auditOf(customer.id, 'customer.anonymised');
    expect(audit).toMatchObject({
      targetType: 'customer',
      details: { source: 'back_office', orders: 1, files: 4, sessionsEnded: true },
    });
    expect(JSON.stringify(audit)).not.toMatch(/Morwenna|Penhaligon/);
  });

  it('is harmless a second time', async () => {
    const { customer } = await customerWithEverything();
    const first = await anonymise(customer.id);
    expect(first.statusCode).toBe(200);
    const second = await anonymise(customer.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      alreadyAnonymised: true,
      filesRemoved: 0,
      anonymisedAt: first.json().anonymisedAt,
    });
    expect(await auditOf(customer.id, 'customer.anonymised')).toHaveLength(1);
  });

  it('refuses while an order is open, changing nothing', async () => {
    const customer = await createCustomer(app, { firstName: 'Jory' });
    await buildOrder(app, { customerId: customer.id, status: 'closed', closedAt: new Date() });
    await buildOrder(app, { customerId: customer.id, status: 'scheduled' });
    const res = await anonymise(customer.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CUSTOMER_HAS_OPEN_ORDERS',
      message: 'This customer has an order still open. Close or cancel it before anonymising.',
    });
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ firstName: 'Jory', anonymisedAt: null });
    expect(await auditOf(customer.id, 'customer.anonymised')).toHaveLength(0);
  });

  it('anonymises a customer with no orders; back office only; 404 for an unknown one', async () => {
    const customer = await createCustomer(app);
    for (const role of ['contractor', 'engineer', 'customer'] as const) {
      const { headers } = await signInAs(app, role);
      expect((await anonymise(customer.id, headers)).statusCode, role).toBe(403);
    }
    const missing = await anonymise(unknownId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Customer not found');
    const res = await anonymise(customer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ alreadyAnonymised: false, filesRemoved: 0 });
  });
});
