import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerPhotos } from './customer-links.schema';
import { inTransaction } from '../../db/transaction';
import { orders } from '../orders/orders.schema';
import { issuePublicLink } from '../public-links/public-links.service';
import { formatUkDay, timelineText } from '@shared/orders/timeline-text';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  createUser,
  sameOrigin,
  signIn,
  signInAs,
  type AuthHeaders,
} from '../../../../tests/support/auth';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { addFormSubmission, formAnswers } from '../../../../tests/factories/contractor-world';
import { londonDateOf } from '@shared/london-date';

// Issue 24: what the customer sends reaches the people who work the order, and only them: the
// back-office order and customer, the contractor's order, the installation page, the engineer's
// visit and the dispatch board's waiting card; the first available date fills the requested date.

let app: TestApp;
let office: AuthHeaders;
let contractor: AuthHeaders;
let engineer: AuthHeaders;
let engineerId: string;
let otherContractor: AuthHeaders;
let otherEngineer: AuthHeaders;
let scheduled: { id: string; customerId: string };
let waiting: { id: string };
let photoId: string;
let visitDate: string;

const db = () => app.deps.database.db;
const dayMs = 24 * 60 * 60 * 1000;
const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * dayMs).toISOString().slice(0, 10);

/** A weekday at least two days ahead: one the customer form accepts. */
function workingDate(offset = 2) {
  let d = addDays(londonDateOf(new Date()), offset);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

const get = (url: string, headers: AuthHeaders) => app.inject({ method: 'GET', url, headers });

async function addPhoto(orderId: string) {
  const key = `customer-photos/test/${randomUUID()}.jpg`;
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  await app.deps.adapters.storage.put(key, bytes, 'image/jpeg');
  const [row] = await db()
    .insert(customerPhotos)
    .values({
      orderId,
      purpose: 'customer_form',
      storageKey: key,
      contentType: 'image/jpeg',
      bytes: bytes.length,
      createdAt: new Date(),
      attachedAt: new Date(),
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
  const company = await createContractor(app);
  const other = await createContractor(app);
  contractor = (await signInAs(app, 'contractor', { contractorId: company.id })).headers;
  const fitter = await createUser(app, { role: 'engineer', contractorId: company.id });
  engineerId = fitter.id;
  engineer = await signIn(app, fitter);
  otherContractor = (await signInAs(app, 'contractor', { contractorId: other.id })).headers;
  otherEngineer = (await signInAs(app, 'engineer', { contractorId: other.id })).headers;
  visitDate = londonDateOf(new Date());
  scheduled = await buildOrder(app, {
    status: 'scheduled',
    kitStatus: 'arrived',
    contractorId: company.id,
    engineerId,
    visitDate,
  });
  photoId = await addPhoto(scheduled.id);
  await addFormSubmission(app, scheduled.id, {
    ...formAnswers(addDays(visitDate, 9)),
    availability: [
      { date: addDays(visitDate, 9), slot: 'pm' },
      { date: addDays(visitDate, 8), slot: 'all_day' },
    ],
    photoIds: [photoId],
  });
  waiting = await buildOrder(app, {
    status: 'assigned',
    kitStatus: 'arrived',
    contractorId: company.id,
  });
  await addFormSubmission(app, waiting.id, formAnswers(addDays(visitDate, 5)));
});

/** The answers as every page carries them, in the shared contract. */
const expectedAnswers = () => ({
  propertyType: 'farm',
  tenure: 'tenant',
  landlordPermission: true,
  listedBuilding: 'not_sure',
  dishPosition: 'South gable, above the barn door',
  accessNotes: 'Gate code 4411',
  // Earliest first, whatever order the customer listed them in.
  availability: [
    { date: addDays(visitDate, 8), slot: 'all_day' },
    { date: addDays(visitDate, 9), slot: 'pm' },
  ],
  photos: [{ id: photoId, url: `/api/customer-photos/${photoId}` }],
});

describe('the order carries what the customer sent, for those who may see the order', () => {
  it('back office, the order’s contractor and its engineer read the answers and photos', async () => {
    for (const headers of [office, contractor, engineer]) {
      const response = await get(`/api/orders/${scheduled.id}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().customerAnswers).toMatchObject(expectedAnswers());
      // The photo is served through the authorised customer-photo route.
      const photo = await get(`/api/customer-photos/${photoId}`, headers);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toContain('image/jpeg');
    }
  });

  it('another company’s contractor or engineer gets 404, and no answers, for the order and photo', async () => {
    for (const headers of [otherContractor, otherEngineer]) {
      const response = await get(`/api/orders/${scheduled.id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('South gable');
      expect((await get(`/api/customer-photos/${photoId}`, headers)).statusCode).toBe(404);
    }
  });

  it('an order whose customer has not sent the form says so with null', async () => {
    const fresh = await buildOrder(app);
    const response = await get(`/api/orders/${fresh.id}`, office);
    expect(response.statusCode).toBe(200);
    expect(response.json().customerAnswers).toBeNull();
  });

  it('refuses an order id that is not one (400) and an anonymous caller (401)', async () => {
    expect((await get('/api/orders/not-an-id', office)).statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: `/api/orders/${scheduled.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('South gable');
  });
});

describe('the installation page', () => {
  it('carries the answers for back office, the contractor and its engineer', async () => {
    for (const headers of [office, contractor, engineer]) {
      const response = await get(`/api/orders/${scheduled.id}/installation`, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().customerAnswers).toMatchObject(expectedAnswers());
    }
  });

  it('answers 404 to another company', async () => {
    const response = await get(`/api/orders/${scheduled.id}/installation`, otherContractor);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('South gable');
  });
});

describe('the back-office customer page', () => {
  it('lists the answers of each order the customer sent a form for', async () => {
    const response = await get(`/api/customers/${scheduled.customerId}`, office);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().customerAnswers;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ orderId: scheduled.id, answers: expectedAnswers() });
  });

  it('is back office only', async () => {
    for (const headers of [contractor, engineer]) {
      const response = await get(`/api/customers/${scheduled.customerId}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('South gable');
    }
  });
});

describe('the engineer’s visit and the dispatch board', () => {
  it('the engineer’s synced visit carries the answers; another engineer’s list does not', async () => {
    const own = await get(`/api/engineer/visits?from=${visitDate}&days=1`, engineer);
    expect(own.statusCode, own.body).toBe(200);
    const visit = own.json().items.find((v: { orderId: string }) => v.orderId === scheduled.id);
    expect(visit.customerForm).toMatchObject(expectedAnswers());
    const theirs = await get(`/api/engineer/visits?from=${visitDate}&days=1`, otherEngineer);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(scheduled.id);
  });

  it('the waiting card carries the customer’s availability, for its own contractor only', async () => {
    const board = await get('/api/dispatch/board', contractor);
    expect(board.statusCode, board.body).toBe(200);
    const card = board.json().waiting.find((o: { id: string }) => o.id === waiting.id);
    expect(card.availability).toEqual([{ date: addDays(visitDate, 5), slot: 'am' }]);
    const other = await get('/api/dispatch/board', otherContractor);
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(waiting.id);
    expect((await get('/api/dispatch/board', office)).statusCode).toBe(403);
  });
});

describe('the customer’s availability fills the requested date', () => {
  const form = (availability: { date: string; slot: string }[]) => ({
    ...formAnswers(availability[0]!.date),
    phone: '07700 900123',
    landlordPermission: true,
    availability,
  });

  let sentCount = 0;
  async function send(orderId: string, body: Record<string, unknown>) {
    const link = await inTransaction(db(), (tx) =>
      issuePublicLink(tx, { orderId, purpose: 'customer_form' }),
    );
    return app.inject({
      method: 'POST',
      url: `/api/public${link.path}`,
      payload: body,
      headers: sameOrigin(app),
      // Each form from its own address: the per-address rate limit is not what is tested here.
      remoteAddress: `10.24.2.${(sentCount += 1)}`,
    });
  }

  const requestedDateOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.requestedDate;

  it('an order without one takes the first date the customer is in, and the timeline says so', async () => {
    const order = await buildOrder(app);
    const [later, first] = [workingDate(6), workingDate(3)];
    const sent = await send(
      order.id,
      form([
        { date: later, slot: 'am' },
        { date: first, slot: 'pm' },
      ]),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await requestedDateOf(order.id)).toBe(first);
    const detail = (await get(`/api/orders/${order.id}`, office)).json();
    expect(detail.requestedDate).toBe(first);
    expect(detail.customerAnswers.availability.map((a: { date: string }) => a.date)).toEqual([
      first,
      later,
    ]);
    const event = detail.timeline.find((e: { type: string }) => e.type === 'submit_customer_form');
    expect(timelineText(event)).toBe(
      `Customer form submitted; requested date set to ${formatUkDay(first)}, the first day the customer is in.`,
    );
  });

  it('a requested date the office or partner gave is kept', async () => {
    const given = workingDate(10);
    const order = await buildOrder(app, { requestedDate: given });
    const sent = await send(order.id, form([{ date: workingDate(3), slot: 'am' }]));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await requestedDateOf(order.id)).toBe(given);
  });

  it('a refused form changes nothing', async () => {
    const order = await buildOrder(app);
    const sent = await send(order.id, {
      ...form([{ date: workingDate(3), slot: 'am' }]),
      availability: [],
    });
    expect(sent.statusCode).toBe(400);
    expect(await requestedDateOf(order.id)).toBeNull();
  });
});
