import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { customerFormSubmissions } from '../../src/server/modules/customer-links/customer-links.schema';
import { orderEvents } from '../../src/server/modules/orders/order-events.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import { publicLinks } from '../../src/server/modules/public-links/public-links.schema';
import { visits } from '../../src/server/modules/visits/visits.schema';
import type { CustomerFormAnswers } from '@shared/customer-links/customer-form.contracts';
import { createUser, signIn, type AuthHeaders } from '../support/auth';
import { buildOrder, createContractor, createJobType, createPartner } from './orders';
import { londonDateOf } from '../../src/shared/london-date';

// Issue 12: a contractor company's whole world in every state the portal shows, so tests can
// look for the partner price and for another company's data in every answer.

/** Prices no other figure in the world equals, so finding one in a body means a leak. */
export const leakPrices = { orderPricePence: 73_519, jobTypePricePence: 81_723 } as const;
export const priceNeedles = ['price', '73519', '735.19', '81723', '817.23'];

export const formAnswers = (date: string): CustomerFormAnswers => ({
  firstName: 'Alice',
  lastName: 'Tremayne',
  phone: '07700900111',
  email: 'alice@example.com',
  addressLine1: '1 Harbour Road',
  addressLine2: '',
  town: 'Exeter',
  postcode: 'EX1 1AA',
  propertyType: 'farm',
  tenure: 'tenant',
  landlordPermission: true,
  listedBuilding: 'not_sure',
  dishPosition: 'South gable, above the barn door',
  accessNotes: 'Gate code 4411',
  availability: [{ date, slot: 'am' }],
  consentTerms: true,
  consentMessages: true,
  photoIds: [],
});

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function addFormSubmission(app: App, orderId: string, answers: CustomerFormAnswers) {
  const db = app.deps.database.db;
  const [link] = await db
    .insert(publicLinks)
    .values({
      orderId,
      purpose: 'customer_form',
      tokenHash: createHash('sha256').update(randomUUID()).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(),
    })
    .returning();
  await db
    .insert(customerFormSubmissions)
    .values({ orderId, linkId: link!.id, answers, submittedAt: new Date() });
}

export type CompanyWorld = Awaited<ReturnType<typeof buildCompanyWorld>>;

/**
 * One contractor company with: an offer (with customer form answers), an order ready to
 * schedule, one waiting for kit, a revisit, a scheduled visit today with a customer's
 * reschedule request, an order completed this month first time, one completed after a failed
 * visit; two engineers; a contractor user and a dual-role (contractor + engineer) owner.
 */
export async function buildCompanyWorld(app: App, now = new Date()) {
  const db = app.deps.database.db;
  const today = londonDateOf(now);
  const company = await createContractor(app);
  const partner = await createPartner(app);
  const jobType = await createJobType(app, { defaultPricePence: leakPrices.jobTypePricePence });
  const base = {
    partnerId: partner.id,
    jobTypeId: jobType.id,
    pricePence: leakPrices.orderPricePence,
    payoutPence: 12_000,
    contractorId: company.id,
  };
  const owner = await createUser(app, {
    role: 'contractor',
    additionalRoles: ['engineer'],
    contractorId: company.id,
  });
  const contractor = await createUser(app, { role: 'contractor', contractorId: company.id });
  const engineer = await createUser(app, { role: 'engineer', contractorId: company.id });

  const offer = await buildOrder(app, {
    ...base,
    status: 'validated',
    accepted: false,
    requestedDate: addDays(today, 7),
    customer: { postcode: 'EX1 1AA', town: 'Exeter' },
  });
  await addFormSubmission(app, offer.id, formAnswers(addDays(today, 8)));
  const ready = await buildOrder(app, { ...base, status: 'assigned', kitStatus: 'arrived' });
  const waitingKit = await buildOrder(app, {
    ...base,
    status: 'assigned',
    kitStatus: 'dispatched',
  });
  const revisit = await buildOrder(app, {
    ...base,
    status: 'revisit_required',
    kitStatus: 'arrived',
  });
  const scheduled = await buildOrder(app, {
    ...base,
    status: 'scheduled',
    kitStatus: 'arrived',
    engineerId: owner.id,
    visitDate: today,
  });
  await db.insert(orderEvents).values([
    {
      orderId: scheduled.id,
      type: 'reschedule_requested',
      actorRole: 'customer',
      actorName: 'Alice Tremayne',
      fromStatus: 'scheduled',
      toStatus: 'scheduled',
      data: { dates: [addDays(today, 3)], note: 'Working that day' },
      createdAt: now,
    },
    {
      // Back office changed the price: the event data names it; a contractor never sees it.
      orderId: scheduled.id,
      type: 'edited',
      actorRole: 'back_office',
      actorName: 'Back office',
      data: {
        pricePence: leakPrices.orderPricePence,
        changes: { pricePence: { from: 1, to: leakPrices.orderPricePence } },
      },
      createdAt: now,
    },
  ]);

  const completedFirstTime = await buildOrder(app, {
    ...base,
    status: 'completed',
    kitStatus: 'arrived',
    completedAt: now,
  });
  const completedAfterFailure = await buildOrder(app, {
    ...base,
    status: 'completed',
    kitStatus: 'arrived',
    payoutPence: 15_000,
    completedAt: now,
  });
  const earlier = new Date(now.getTime() - 60_000);
  await db.insert(visits).values([
    {
      orderId: completedFirstTime.id,
      contractorId: company.id,
      engineerId: engineer.id,
      scheduledDate: today,
      slot: 'am',
      status: 'completed',
      outcome: 'completed',
      checkedInAt: now,
      checkedOutAt: now,
      createdAt: earlier,
    },
    {
      orderId: completedAfterFailure.id,
      contractorId: company.id,
      engineerId: engineer.id,
      scheduledDate: today,
      slot: 'am',
      status: 'failed',
      outcome: 'failed',
      failureReason: 'customer_absent',
      checkedOutAt: now,
      createdAt: new Date(now.getTime() - 120_000),
    },
    {
      orderId: completedAfterFailure.id,
      contractorId: company.id,
      engineerId: engineer.id,
      scheduledDate: today,
      slot: 'pm',
      status: 'completed',
      outcome: 'completed',
      checkedOutAt: now,
      createdAt: earlier,
    },
  ]);
  const visitRows = await db.select().from(visits).where(eq(visits.contractorId, company.id));
  const orderRows = await db.select().from(orders).where(eq(orders.contractorId, company.id));

  return {
    today,
    company,
    partner,
    jobType,
    users: { owner, contractor, engineer },
    headers: {
      owner: await signIn(app, owner),
      contractor: await signIn(app, contractor),
    } satisfies Record<string, AuthHeaders>,
    orders: {
      offer,
      ready,
      waitingKit,
      revisit,
      scheduled,
      completedFirstTime,
      completedAfterFailure,
    },
    ids: {
      orders: orderRows.map((o) => o.id),
      orderNumbers: orderRows.map((o) => o.orderNumber),
      customers: orderRows.map((o) => o.customerId),
      visits: visitRows.map((v) => v.id),
      engineers: [owner.id, engineer.id],
      company: company.id,
      jobType: jobType.id,
      partner: partner.id,
    },
  };
}
