import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StorageAdapter } from '../adapters/storage/storage.adapter';
import type { Database } from '../db/client';
import { contractorRates } from '../modules/contractors/contractors.schema';
import { customerFormSubmissions } from '../modules/customer-links/customer-links.schema';
import { jobTypes } from '../modules/job-types/job-types.schema';
import { orderEvents } from '../modules/orders/order-events.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { publicLinks } from '../modules/public-links/public-links.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import { insertCustomer } from '../modules/customers/customers.repository';
import { nextOrderNumber, orderSearchText } from '../modules/orders/orders.repository';
import type { CustomerFormAnswers } from '@shared/customer-links/customer-form.contracts';
import type { VisitSlot } from '@shared/orders/order-status';
import { slaDeadlines } from '@shared/orders/sla';
import { completedRecordColumns, storeRecordEvidence, type RecordPlan } from './completed-record';
import { findDemoContractor } from './demo-contractor';
import type { Seeder } from './seeder';
import type { ReservedSlot } from './slot-book';

// Issue 12: what the demo contractor (contractor@example.com) finds on /contractor whatever day
// the demo starts: offers waiting with the customer's form answers, and orders its engineers
// completed this month with the payouts they earn. Runs after the orders seeder.

const dayMs = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type Place = { town: string; county: string; postcode: string; street: string };

export const demoOffers: {
  firstName: string;
  lastName: string;
  place: Place;
  jobTypeCode: string;
  answers: Pick<
    CustomerFormAnswers,
    | 'propertyType'
    | 'tenure'
    | 'landlordPermission'
    | 'listedBuilding'
    | 'dishPosition'
    | 'accessNotes'
  >;
}[] = [
  {
    firstName: 'Rosalind',
    lastName: 'Pengelly',
    place: { town: 'Bodmin', county: 'Cornwall', postcode: 'PL31 2AB', street: '4 Church Lane' },
    jobTypeCode: 'STD_INSTALL',
    answers: {
      propertyType: 'farm',
      tenure: 'owner',
      landlordPermission: false,
      listedBuilding: 'no',
      dishPosition: 'On the south gable of the barn, clear view over the fields',
      accessNotes: 'Farm track; dogs are friendly. Ring from the gate.',
    },
  },
  {
    firstName: 'Desmond',
    lastName: 'Trevithick',
    place: { town: 'Tavistock', county: 'Devon', postcode: 'PL19 8AB', street: '12 West Street' },
    jobTypeCode: 'STD_INSTALL',
    answers: {
      propertyType: 'terraced',
      tenure: 'tenant',
      landlordPermission: true,
      listedBuilding: 'not_sure',
      dishPosition: 'Rear wall, first floor, facing south-east',
      accessNotes: 'Parking on the street after 9am.',
    },
  },
  {
    firstName: 'Imogen',
    lastName: 'Carne',
    place: {
      town: 'Launceston',
      county: 'Cornwall',
      postcode: 'PL15 7AB',
      street: '2 Castle Street',
    },
    jobTypeCode: 'BUSINESS',
    answers: {
      propertyType: 'business',
      tenure: 'tenant',
      landlordPermission: true,
      listedBuilding: 'yes',
      dishPosition: 'Flat roof at the back, away from the street front (listed building)',
      accessNotes: 'Shop opens 9–5; ask for Imogen at the counter.',
    },
  },
];

/**
 * This month's completions, by the dual-role owner: the demo engineer's recent days belong to
 * the engineer-visits seeder.
 */
export const demoCompletedThisMonth: {
  firstName: string;
  lastName: string;
  place: Place;
  slot: VisitSlot;
}[] = [
  {
    firstName: 'Walter',
    lastName: 'Hocking',
    place: {
      town: 'Liskeard',
      county: 'Cornwall',
      postcode: 'PL14 3AB',
      street: '8 Bay Tree Hill',
    },
    slot: 'am',
  },
  {
    firstName: 'Morwenna',
    lastName: 'Jago',
    place: { town: 'Saltash', county: 'Cornwall', postcode: 'PL12 4AB', street: '21 Fore Street' },
    slot: 'pm',
  },
];
const completedByEmail = 'dual@example.com';

/**
 * When this month's completion `index` happened: a day or two ago, but on the 1st of a month
 * "this month" is today, so both are earlier today then.
 */
function completedAtOf(now: Date, index: number): Date {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 9));
  const doneAt = new Date(Math.max(monthStart.getTime(), now.getTime() - (index + 1) * dayMs));
  return doneAt.getTime() > now.getTime() ? now : doneAt;
}

/** The slots this month's completions take: the orders seeder leaves them free. */
export function demoCompletedSlots(now: Date): ReservedSlot[] {
  return demoCompletedThisMonth.map((spec, index) => ({
    email: completedByEmail,
    date: isoDate(completedAtOf(now, index)),
    slot: spec.slot,
  }));
}

export const contractorOffersSeeder: Seeder = {
  name: 'contractor-offers',
  async run({ db, now, storage }) {
    await seedContractorOffers(db, now, storage);
  },
};

export async function seedContractorOffers(db: Database, now: Date, storage?: StorageAdapter) {
  const company = await findDemoContractor(db);
  if (!company) return;
  const [partner] = await db.select().from(partners).limit(1);
  const jobTypeRows = await db.select().from(jobTypes);
  const rates = await db
    .select()
    .from(contractorRates)
    .where(eq(contractorRates.contractorId, company.id));
  const [engineer] = await db
    .select()
    .from(users)
    .where(and(eq(users.contractorId, company.id), eq(users.email, completedByEmail)));
  if (!partner || jobTypeRows.length === 0) return;
  const jobTypeOf = (code: string) => jobTypeRows.find((j) => j.code === code) ?? jobTypeRows[0]!;
  const payoutOf = (jobTypeId: string, fallback: number) =>
    rates.find((r) => r.jobTypeId === jobTypeId)?.payoutPence ?? fallback;

  async function makeOrder(
    person: { firstName: string; lastName: string; place: Place },
    jobTypeId: string,
    receivedAt: Date,
  ) {
    const jobType = jobTypeRows.find((j) => j.id === jobTypeId)!;
    const email = `${person.firstName}.${person.lastName}@example.com`.toLowerCase();
    const customer = await insertCustomer(db, {
      firstName: person.firstName,
      lastName: person.lastName,
      email,
      phone: null,
      addressLine1: person.place.street,
      town: person.place.town,
      county: person.place.county,
      postcode: person.place.postcode,
      validationStatus: 'validated',
      validatedAt: receivedAt,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    });
    const orderNumber = await nextOrderNumber(db, receivedAt);
    const deadlines = slaDeadlines(receivedAt, partner!.slaTargetDays ?? 14);
    return {
      customer,
      values: {
        orderNumber,
        partnerId: partner!.id,
        partnerReference: null,
        customerId: customer.id,
        jobTypeId,
        pricePence: jobType.defaultPricePence,
        payoutPence: payoutOf(jobTypeId, jobType.defaultPayoutPence),
        slaTargetDays: partner!.slaTargetDays ?? 14,
        slaAtRiskAt: deadlines.atRiskAt,
        slaDueAt: deadlines.dueAt,
        receivedAt,
        contractorId: company!.id,
        searchText: orderSearchText(
          { orderNumber, partnerReference: null },
          { ...person, postcode: person.place.postcode, email, phone: null },
        ),
        createdAt: receivedAt,
      },
    };
  }

  const event = (
    orderId: string,
    type: string,
    at: Date,
    from: string | null,
    to: string,
    actor: { role: string; name: string },
    data: Record<string, unknown> = {},
  ) => ({
    orderId,
    type,
    actorRole: actor.role,
    actorName: actor.name,
    fromStatus: from as never,
    toStatus: to as never,
    data,
    createdAt: at,
  });
  const backOffice = { role: 'back_office', name: 'Back office' };
  const system = { role: 'system', name: 'Partner API' };

  // Offers: received a few days ago, customer form in, validated, offered to the company.
  for (const [index, spec] of demoOffers.entries()) {
    const receivedAt = new Date(now.getTime() - (3 + index) * dayMs);
    const offeredAt = new Date(now.getTime() - (index + 1) * 3 * 60 * 60 * 1000);
    const jobType = jobTypeOf(spec.jobTypeCode);
    const { customer, values } = await makeOrder(spec, jobType.id, receivedAt);
    const [order] = await db
      .insert(orders)
      .values({
        ...values,
        status: 'validated',
        kitStatus: index === 2 ? 'customer_supplied' : 'awaiting_dispatch',
        requestedDate: isoDate(new Date(now.getTime() + (10 + index) * dayMs)),
        contractorOfferedAt: offeredAt,
        updatedAt: offeredAt,
        version: 4,
      })
      .returning();
    const submittedAt = new Date(receivedAt.getTime() + 6 * 60 * 60 * 1000);
    const [link] = await db
      .insert(publicLinks)
      .values({
        orderId: order!.id,
        purpose: 'customer_form',
        tokenHash: createHash('sha256').update(`demo-offer-${order!.orderNumber}`).digest('hex'),
        expiresAt: new Date(receivedAt.getTime() + 14 * dayMs),
        usedAt: submittedAt,
        createdAt: receivedAt,
      })
      .returning();
    await db.insert(customerFormSubmissions).values({
      orderId: order!.id,
      linkId: link!.id,
      submittedAt,
      answers: {
        ...spec.answers,
        firstName: spec.firstName,
        lastName: spec.lastName,
        phone: '',
        email: customer.email ?? '',
        addressLine1: spec.place.street,
        addressLine2: '',
        town: spec.place.town,
        postcode: spec.place.postcode,
        availability: [
          { date: isoDate(new Date(now.getTime() + (8 + index) * dayMs)), slot: 'am' },
          { date: isoDate(new Date(now.getTime() + (9 + index) * dayMs)), slot: 'all_day' },
        ],
        consentTerms: true,
        consentMessages: true,
        photoIds: [],
      },
    });
    const customerActor = { role: 'customer', name: `${spec.firstName} ${spec.lastName}` };
    await db.insert(orderEvents).values([
      event(order!.id, 'created', receivedAt, null, 'received', system),
      event(
        order!.id,
        'submit_customer_form',
        submittedAt,
        'received',
        'customer_submitted',
        customerActor,
      ),
      event(
        order!.id,
        'validate',
        new Date(submittedAt.getTime() + dayMs),
        'customer_submitted',
        'validated',
        backOffice,
      ),
      event(order!.id, 'assign', offeredAt, 'validated', 'validated', backOffice, {
        contractorId: company.id,
        contractorName: company.name,
      }),
    ]);
  }

  // Completed this month: the payouts the dashboard counts.
  if (!engineer) return;
  for (const [index, spec] of demoCompletedThisMonth.entries()) {
    const completedAt = completedAtOf(now, index);
    const receivedAt = new Date(completedAt.getTime() - 12 * dayMs);
    const jobType = jobTypeOf('STD_INSTALL');
    const { values } = await makeOrder(spec, jobType.id, receivedAt);
    const [order] = await db
      .insert(orders)
      .values({
        ...values,
        status: 'completed',
        kitStatus: 'arrived',
        kitDispatchedAt: new Date(receivedAt.getTime() + 2 * dayMs),
        kitArrivedAt: new Date(receivedAt.getTime() + 4 * dayMs),
        contractorOfferedAt: new Date(receivedAt.getTime() + dayMs),
        contractorAcceptedAt: new Date(receivedAt.getTime() + dayMs + 3_600_000),
        completedAt,
        slaStoppedAt: completedAt,
        updatedAt: completedAt,
        version: 9,
      })
      .returning();
    const visitDate = isoDate(completedAt);
    const checkedInAt = new Date(completedAt.getTime() - 2 * 3_600_000);
    const record: RecordPlan = {
      visitId: randomUUID(),
      orderId: order!.id,
      engineerId: engineer.id,
      customerName: `${spec.firstName} ${spec.lastName}`,
      checkedInAt,
      signedAt: new Date(completedAt.getTime() - 5 * 60_000),
      serials: { dish: `UTA${4_200_000 + index}`, router: `UTR${5_300_000 + index}` },
    };
    const [visit] = await db
      .insert(visits)
      .values({
        id: record.visitId,
        orderId: order!.id,
        contractorId: company.id,
        engineerId: engineer.id,
        scheduledDate: visitDate,
        slot: spec.slot,
        status: 'completed',
        outcome: 'completed',
        checkedInAt,
        checkedOutAt: completedAt,
        ...completedRecordColumns(record),
        createdAt: new Date(receivedAt.getTime() + 5 * dayMs),
        updatedAt: completedAt,
      })
      .returning();
    const engineerActor = { role: 'engineer', name: `${engineer.firstName} ${engineer.lastName}` };
    await db.insert(orderEvents).values([
      event(order!.id, 'created', receivedAt, null, 'received', system),
      event(
        order!.id,
        'accept',
        new Date(receivedAt.getTime() + dayMs + 3_600_000),
        'validated',
        'assigned',
        {
          role: 'contractor',
          name: company.name,
        },
      ),
      event(
        order!.id,
        'schedule',
        new Date(receivedAt.getTime() + 5 * dayMs),
        'assigned',
        'scheduled',
        {
          role: 'contractor',
          name: company.name,
        },
        { visitId: visit!.id, engineerId: engineer.id, date: visitDate, slot: spec.slot },
      ),
      event(order!.id, 'check_in', visit!.checkedInAt!, 'scheduled', 'in_progress', engineerActor, {
        visitId: visit!.id,
      }),
      event(order!.id, 'complete', completedAt, 'in_progress', 'completed', engineerActor, {
        visitId: visit!.id,
      }),
    ]);
    await storeRecordEvidence(db, storage, record);
  }
}
