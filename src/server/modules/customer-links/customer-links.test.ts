import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../events/events.schema';
import { orderEvents } from '../orders/order-events.schema';
import { customers } from '../customers/customers.schema';
import { orders } from '../orders/orders.schema';
import { customerFormSubmissions } from './customer-links.schema';
import { portalLinkPath } from '../customer-portal/portal-access.service';
import { issuePublicLink } from '../public-links/public-links.service';
import { customerFormPage, issueDemoLinks } from './customer-links.service';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { sameOrigin, signInAs } from '../../../../tests/support/auth';
import { buildOrder } from '../../../../tests/factories/orders';
import { inTransaction } from '../../db/transaction';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { companyPhone } from '@shared/company-contact';
import { textMessages } from '@shared/schema/text';
import { londonDateOf } from '@shared/london-date';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const dayMs = 24 * 60 * 60 * 1000;
const db = () => app.deps.database.db;

async function issue(orderId: string, purpose: PublicLinkPurpose, now?: Date) {
  return inTransaction(db(), (tx) => issuePublicLink(tx, { orderId, purpose, now }));
}

/** The next working day at least two days ahead (Mon–Fri default). */
function workingDate(offsetDays = 2) {
  let d = new Date(`${londonDateOf(new Date())}T00:00:00Z`);
  d = new Date(d.getTime() + offsetDays * dayMs);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + dayMs);
  return d.toISOString().slice(0, 10);
}
function weekendDate() {
  let d = new Date(`${londonDateOf(new Date())}T00:00:00Z`);
  d = new Date(d.getTime() + 2 * dayMs);
  while (d.getUTCDay() !== 6) d = new Date(d.getTime() + dayMs);
  return d.toISOString().slice(0, 10);
}

const goodForm = () => ({
  firstName: 'Alice',
  lastName: 'Tremayne',
  phone: '07700 900123',
  email: 'alice@example.com',
  addressLine1: '1 Harbour Road',
  addressLine2: '',
  town: 'Exeter',
  postcode: 'ex11aa',
  propertyType: 'detached',
  tenure: 'tenant',
  landlordPermission: true,
  listedBuilding: 'not_sure',
  dishPosition: 'On the chimney, facing south',
  accessNotes: 'Dog in the garden',
  availability: [{ date: workingDate(), slot: 'am' }],
  consentTerms: true,
  consentMessages: false,
  photoIds: [],
});

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: sameOrigin(app),
    remoteAddress,
  });

describe('customer form link', () => {
  it('opens with the customer prefilled, takes the answers once, then shows what was sent', async () => {
    const order = await buildOrder(app, { customer: { phone: '+447700900123' } });
    const link = await issue(order.id, 'customer_form');
    const page = await app.inject({ method: 'GET', url: `/api/public${link.path}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      state: 'open',
      orderNumber: order.orderNumber,
      prefill: { firstName: 'Alice', phone: '07700900123', postcode: 'EX1 1AA' },
      rules: { workingDays: [1, 2, 3, 4, 5] },
      // The number the emails give (issue 24: the page and the email disagreed).
      company: { name: expect.any(String), phone: companyPhone },
    });
    expect(JSON.stringify(page.json())).not.toContain('19900');

    const sent = await post(`/api/public${link.path}`, goodForm());
    expect(sent.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('customer_submitted');
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'submit_customer_form')));
    expect(event).toMatchObject({ actorRole: 'customer', actorName: 'Alice Tremayne' });
    expect(event!.data).toMatchObject({ availability: goodForm().availability, photoCount: 0 });
    const [submission] = await db()
      .select()
      .from(customerFormSubmissions)
      .where(eq(customerFormSubmissions.orderId, order.id));
    expect(submission!.answers).toMatchObject({ phone: '+447700900123', postcode: 'EX1 1AA' });

    const after = await app.inject({ method: 'GET', url: `/api/public${link.path}` });
    expect(after.json()).toMatchObject({
      state: 'sent',
      answers: { dishPosition: 'On the chimney, facing south' },
    });
    const again = await post(`/api/public${link.path}`, goodForm());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SUBMITTED');
  });

  it('makes the confirmed contact details the customer’s record; no message consent, no SMS', async () => {
    const order = await buildOrder(app, {
      customer: { phone: '+447700900555', email: 'old@example.com' },
    });
    const link = await issue(order.id, 'customer_form');
    const sent = await post(`/api/public${link.path}`, {
      ...goodForm(),
      phone: '07700 900777',
      email: 'new@example.com',
      consentMessages: false,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const [customer] = await db().select().from(customers).where(eq(customers.id, row!.customerId));
    expect(customer).toMatchObject({
      phone: '+447700900777',
      email: 'new@example.com',
      postcode: 'EX1 1AA',
      smsOptOut: true,
      emailOptOut: false,
    });

    const consenting = await buildOrder(app);
    const consentLink = await issue(consenting.id, 'customer_form');
    expect(
      (await post(`/api/public${consentLink.path}`, { ...goodForm(), consentMessages: true }))
        .statusCode,
    ).toBe(200);
    const [other] = await db().select().from(orders).where(eq(orders.id, consenting.id));
    const [consented] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, other!.customerId));
    expect(consented!.smsOptOut).toBe(false);
  });

  it('names every field that is wrong and keeps the link usable', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id, 'customer_form');
    const bad = await post(`/api/public${link.path}`, {
      ...goodForm(),
      firstName: '',
      phone: '0123',
      email: 'not-an-email',
      postcode: 'NOPE',
      addressLine1: 'a\u0007b',
      town: 'x'.repeat(101),
      propertyType: 'castle',
      tenure: 'tenant',
      landlordPermission: false,
      listedBuilding: undefined,
      dishPosition: '',
      availability: [
        { date: weekendDate(), slot: 'am' },
        { date: '2020-01-01', slot: 'pm' },
      ],
      consentTerms: false,
    });
    expect(bad.statusCode).toBe(400);
    const details = bad.json().details as Record<string, string[]>;
    expect(details.firstName).toEqual(['First name is required']);
    expect(details.phone![0]).toMatch(/valid UK mobile/);
    expect(details.email).toEqual(['Please enter a valid email address']);
    expect(details.postcode).toEqual(['Please enter a valid UK postcode']);
    expect(details.addressLine1![0]).toBe(textMessages.controlCharacter);
    expect(details.town![0]).toMatch(/at most 100/);
    expect(details.propertyType).toEqual(['Choose the type of property']);
    expect(details.listedBuilding![0]).toMatch(/listed building/);
    expect(details.dishPosition).toEqual(['Tell us where you would like the dish']);
    expect(details.landlordPermission![0]).toMatch(/landlord/);
    expect(details.consentTerms![0]).toMatch(/agree to the terms of installation/);
    expect(details['availability.0.date']![0]).toMatch(/We do not install on Saturdays/);
    expect(details['availability.1.date']![0]).toMatch(/from tomorrow/);
    const page = await app.inject({ method: 'GET', url: `/api/public${link.path}` });
    expect(page.json().state).toBe('open');
  });

  it('lets one of two tabs sending at once win and tells the other', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id, 'customer_form');
    const [a, b] = await Promise.all([
      post(`/api/public${link.path}`, goodForm()),
      post(`/api/public${link.path}`, goodForm()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('ALREADY_SUBMITTED');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'submit_customer_form')));
    expect(events).toHaveLength(1);
  });

  it('says which problem a link has: unknown, tampered, wrong purpose, replaced, expired', async () => {
    const order = await buildOrder(app);
    const kit = await issue(order.id, 'kit_arrived');
    const old = await issue(order.id, 'customer_form');
    const current = await issue(order.id, 'customer_form');
    const expired = await issue(order.id, 'kit_arrived', new Date(Date.now() - 60 * dayMs - 1000));
    const problem = async (url: string) => (await app.inject({ method: 'GET', url })).json();

    expect(await problem(`/api/public/customer-form/${'A'.repeat(43)}`)).toMatchObject({
      state: 'problem',
      problem: 'unknown',
    });
    expect(await problem('/api/public/customer-form/short')).toMatchObject({ problem: 'unknown' });
    const tampered = current.token.slice(0, -1) + (current.token.endsWith('A') ? 'B' : 'A');
    expect(await problem(`/api/public/customer-form/${tampered}`)).toMatchObject({
      problem: 'unknown',
    });
    expect(await problem(`/api/public/customer-form/${kit.token}`)).toMatchObject({
      problem: 'wrong_purpose',
    });
    expect(await problem(`/api/public${old.path}`)).toMatchObject({ problem: 'replaced' });
    expect(await problem(`/api/public${current.path}`)).toMatchObject({ state: 'open' });
    // issued for a newer kit link above? no: the expired one replaced `kit`, then expired itself
    expect(await problem(`/api/public${expired.path}`)).toMatchObject({ problem: 'expired' });
    const page = await problem(`/api/public${old.path}`);
    expect(JSON.stringify(page)).not.toContain(order.orderNumber);

    const refused = await post(`/api/public${old.path}`, goodForm());
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({
      code: 'LINK_PROBLEM',
      details: { problem: ['replaced'] },
    });
  });

  it('expires at the exact second', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id, 'customer_form');
    const deps = app.deps;
    const justBefore = new Date(link.expiresAt.getTime() - 1);
    expect((await customerFormPage(deps, link.token, justBefore)).state).toBe('open');
    expect(await customerFormPage(deps, link.token, link.expiresAt)).toMatchObject({
      state: 'problem',
      problem: 'expired',
    });
  });

  it('takes a photo only when its bytes are a picture', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id, 'customer_form');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await post(`/api/public${link.path}/photos`, { dataBase64: png.toString('base64') });
    expect(ok.statusCode).toBe(201);
    const fake = await post(`/api/public${link.path}/photos`, {
      dataBase64: Buffer.from('<script>alert(1)</script>').toString('base64'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('BAD_PHOTO');
    const sent = await post(`/api/public${link.path}`, { ...goodForm(), photoIds: [ok.json().id] });
    expect(sent.statusCode).toBe(200);
    const other = await buildOrder(app);
    const otherLink = await issue(other.id, 'customer_form');
    const stolen = await post(`/api/public${otherLink.path}`, {
      ...goodForm(),
      photoIds: [ok.json().id],
    });
    expect(stolen.statusCode).toBe(400);
  });

  it('rate-limits the token endpoints per address', async () => {
    const url = `/api/public/customer-form/${'B'.repeat(43)}`;
    let last = 0;
    for (let i = 0; i < 61; i += 1) {
      last = (await app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' })).statusCode;
    }
    expect(last).toBe(429);
    const other = await app.inject({ method: 'GET', url, remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(200);
  });
});

describe('kit arrived link', () => {
  it('shows the courier with its tracking page and confirms once', async () => {
    const order = await buildOrder(app, {
      status: 'customer_submitted',
      kitStatus: 'dispatched',
      courier: 'DPD',
      trackingNumber: '15501234567890',
    });
    const link = await issue(order.id, 'kit_arrived');
    const page = await app.inject({ method: 'GET', url: `/api/public${link.path}` });
    expect(page.json()).toMatchObject({
      state: 'open',
      orderNumber: order.orderNumber,
      courier: 'DPD',
      trackingUrl: 'https://track.dpd.co.uk/parcels/15501234567890',
    });
    const done = await post(`/api/public${link.path}`, { serial: 'SN-123' });
    expect(done.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.kitStatus).toBe('arrived');
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'confirm_kit_arrived')));
    expect(event).toMatchObject({
      actorRole: 'customer',
      data: { serial: 'SN-123', photoId: null },
    });
    expect((await app.inject({ method: 'GET', url: `/api/public${link.path}` })).json().state).toBe(
      'confirmed',
    );
    expect((await post(`/api/public${link.path}`, { serial: '' })).statusCode).toBe(409);
  });

  it('is thanked without a second event when back office already marked it arrived', async () => {
    const order = await buildOrder(app, { kitStatus: 'arrived', kitArrivedAt: new Date() });
    const link = await issue(order.id, 'kit_arrived');
    expect((await app.inject({ method: 'GET', url: `/api/public${link.path}` })).json().state).toBe(
      'confirmed',
    );
    expect((await post(`/api/public${link.path}`, { serial: '' })).statusCode).toBe(200);
  });
});

describe('customer portal', () => {
  it('shows nothing until the postcode is given, the same answer for a wrong postcode and an unknown order', async () => {
    const order = await buildOrder(app, { customer: { postcode: 'TR1 2AB' } });
    const url = `/api/public/portal/${order.orderNumber}`;
    const before = await app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(401);
    expect(before.json().code).toBe('PORTAL_PROOF_REQUIRED');
    expect(before.body).not.toContain('TR1');

    const wrong = await post(`${url}/proof`, { postcode: 'EX1 1AA' }, '10.1.0.1');
    const unknown = await post(
      '/api/public/portal/UPL-1999-999999/proof',
      { postcode: 'TR1 2AB' },
      '10.1.0.1',
    );
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    const { requestId: _a, ...wrongBody } = wrong.json();
    const { requestId: _b, ...unknownBody } = unknown.json();
    expect(unknownBody).toEqual(wrongBody);

    const right = await post(`${url}/proof`, { postcode: 'tr12ab' }, '10.1.0.1');
    expect(right.statusCode).toBe(200);
    const cookie = right.cookies.find((c) => c.name === 'uplink_portal')!;
    expect(cookie.httpOnly).toBe(true);
    const view = await app.inject({ method: 'GET', url, cookies: { uplink_portal: cookie.value } });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      orderNumber: order.orderNumber,
      timeline: [{ text: 'Order received.' }],
    });
    expect(view.body).not.toMatch(/pricePence|payout|19900|12000/);
    // The cookie opens this order only.
    const other = await buildOrder(app);
    const otherView = await app.inject({
      method: 'GET',
      url: `/api/public/portal/${other.orderNumber}`,
      cookies: { uplink_portal: cookie.value },
    });
    expect(otherView.statusCode).toBe(401);
    // A forged cookie value is not signed.
    const forged = await app.inject({
      method: 'GET',
      url,
      cookies: { uplink_portal: `${order.orderNumber}|9999999999` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('limits wrong postcodes per order number, whatever the address', async () => {
    const order = await buildOrder(app, { customer: { postcode: 'PL1 1AA' } });
    const url = `/api/public/portal/${order.orderNumber}/proof`;
    for (let i = 0; i < 10; i += 1) {
      expect((await post(url, { postcode: 'EX1 1AA' }, `10.2.0.${i}`)).statusCode).toBe(404);
    }
    const limited = await post(url, { postcode: 'PL1 1AA' }, '10.2.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('limits proofs per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (
        await post(
          `/api/public/portal/UPL-2000-00000${i}/proof`,
          { postcode: 'EX1 1AA' },
          '10.3.0.1',
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('opens with a signed link and refuses a tampered one', async () => {
    const order = await buildOrder(app);
    const path = portalLinkPath(app.deps.config.SESSION_SECRET, order.orderNumber);
    const query = new URL(path, 'http://x').searchParams;
    const e = query.get('e')!;
    const s = query.get('s')!;
    const url = `/api/public/portal/${order.orderNumber}/link`;
    const tampered = await post(
      url,
      { e, s: s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A') },
      '10.4.0.1',
    );
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().code).toBe('PORTAL_PROOF_FAILED');
    const later = await post(url, { e: String(Number(e) + 1), s }, '10.4.0.1');
    expect(later.statusCode).toBe(404);
    const ok = await post(url, { e, s }, '10.4.0.1');
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.some((c) => c.name === 'uplink_portal')).toBe(true);
  });

  it('lets a signed-in customer with the order’s email in, and no one else', async () => {
    const order = await buildOrder(app, { customer: { email: 'owner-portal@example.com' } });
    const url = `/api/public/portal/${order.orderNumber}`;
    const { headers } = await signInAs(app, 'customer', { email: 'owner-portal@example.com' });
    expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const { headers: stranger } = await signInAs(app, 'customer', {
      email: 'stranger@example.com',
    });
    expect((await app.inject({ method: 'GET', url, headers: stranger })).statusCode).toBe(401);
  });

  it('records a reschedule request as an order event back office sees', async () => {
    const order = await buildOrder(app, { customer: { postcode: 'EX2 2BB' } });
    const url = `/api/public/portal/${order.orderNumber}`;
    const proof = await post(`${url}/proof`, { postcode: 'EX2 2BB' }, '10.5.0.1');
    const cookies = { uplink_portal: proof.cookies.find((c) => c.name === 'uplink_portal')!.value };
    const refused = await app.inject({
      method: 'POST',
      url: `${url}/reschedule-request`,
      headers: sameOrigin(app),
      payload: { dates: [], note: '' },
      cookies,
    });
    expect(refused.statusCode).toBe(400);
    const anonymous = await post(`${url}/reschedule-request`, {
      dates: [workingDate()],
      note: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
    const asked = await app.inject({
      method: 'POST',
      url: `${url}/reschedule-request`,
      headers: sameOrigin(app),
      payload: { dates: [workingDate()], note: 'Working that week' },
      cookies,
    });
    expect(asked.statusCode).toBe(201);
    const { headers } = await signInAs(app, 'back_office');
    const detail = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect(detail.body).toContain('reschedule_requested');
    expect(detail.body).toContain('Working that week');
    const view = await app.inject({ method: 'GET', url, cookies });
    expect(view.json().timeline.at(-1).text).toBe('You asked to change the installation date.');
  });
});

describe('back office resends a link', () => {
  it('publishes the request for the messages module; other roles get 403', async () => {
    const order = await buildOrder(app);
    const { headers } = await signInAs(app, 'back_office');
    const url = `/api/orders/${order.id}/links/customer_form/resend`;
    const res = await app.inject({ method: 'POST', url, headers });
    expect(res.statusCode).toBe(202);
    const events = await db()
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.aggregateId, order.id),
          eq(domainEvents.type, 'order.link_resend_requested'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ purpose: 'customer_form' });
    const kit = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/links/kit_arrived/resend`,
      headers,
    });
    expect(kit.statusCode).toBe(409);
    const { headers: contractor } = await signInAs(app, 'contractor');
    expect((await app.inject({ method: 'POST', url, headers: contractor })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url, headers: sameOrigin(app) })).statusCode).toBe(
      401,
    );
  });
});

describe('links:demo', () => {
  it('prints working links for orders waiting at each customer step', async () => {
    await buildOrder(app, { status: 'received' });
    await buildOrder(app, {
      status: 'customer_submitted',
      kitStatus: 'dispatched',
      courier: 'Evri',
      trackingNumber: 'H01',
    });
    const links = await issueDemoLinks(app.deps);
    const form = links.find((l) => l.step === 'Customer form')!;
    const kit = links.find((l) => l.step === 'Kit arrived')!;
    const portal = links.find((l) => l.step === 'Customer portal (signed link)')!;
    expect(form.url.startsWith(app.deps.config.PUBLIC_URL)).toBe(true);
    const path = (url: string) => new URL(url).pathname;
    expect(
      (await app.inject({ method: 'GET', url: `/api/public${path(form.url)}` })).json().state,
    ).toBe('open');
    expect(
      (await app.inject({ method: 'GET', url: `/api/public${path(kit.url)}` })).json(),
    ).toMatchObject({
      state: 'open',
      trackingUrl: 'https://www.evri.com/track/parcel/H01',
    });
    const signed = new URL(portal.url).searchParams;
    const opened = await post(
      `/api/public/portal/${portal.orderNumber}/link`,
      { e: signed.get('e'), s: signed.get('s') },
      '10.6.0.1',
    );
    expect(opened.statusCode).toBe(200);
  });
});

describe('customer form and the slots of /settings (decision 071)', () => {
  it('offers only the slots offered and refuses another, at once after a save', async () => {
    const backOffice = (await signInAs(app, 'back_office')).headers;
    const slots = {
      am: { offered: true, start: '08:00', end: '12:00' },
      pm: { offered: true, start: '12:00', end: '17:00' },
      all_day: { offered: true },
    };
    const putBooking = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/settings/booking', headers: backOffice, payload });
    const order = await buildOrder(app);
    const link = await issue(order.id, 'customer_form');
    const open = async () =>
      (await app.inject({ method: 'GET', url: `/api/public${link.path}` })).json();
    expect((await open()).rules.slots).toEqual(['am', 'pm', 'all_day']);

    const saved = await putBooking({
      workingDays: [1, 2, 3, 4, 5],
      slots: { ...slots, pm: { ...slots.pm, offered: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await open()).rules.slots).toEqual(['am', 'all_day']);
      const refused = await post(`/api/public${link.path}`, {
        ...goodForm(),
        availability: [{ date: workingDate(), slot: 'pm' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details['availability.0.slot']).toEqual([
        'We do not offer afternoon appointments; please choose another time',
      ]);
      const sent = await post(`/api/public${link.path}`, goodForm());
      expect(sent.statusCode, sent.body).toBe(200);
    } finally {
      await putBooking({ workingDays: [1, 2, 3, 4, 5], slots });
    }
  });
});
