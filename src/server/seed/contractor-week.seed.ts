import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../modules/customers/customers.schema';
import { jobTypes } from '../modules/job-types/job-types.schema';
import { orderEvents } from '../modules/orders/order-events.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import {
  customerSearchText,
  nextCustomerReference,
} from '../modules/customers/customers.repository';
import { nextOrderNumber, orderSearchText } from '../modules/orders/orders.repository';
import { addDays, slotFree } from '@shared/dispatch/capacity';
import type { KitStatus, VisitSlot } from '@shared/orders/order-status';
import { slaDeadlines } from '@shared/orders/sla';
import { findDemoContractor } from './demo-contractor';
import { isDemoWorkingDay } from './slot-book';
import { seededRandom } from './orders.seed';
import type { Seeder } from './seeder';

// Issue 12's demo week for the demo contractor (Tamar Satellite Services): orders accepted and
// ready to schedule around Saltash and Plymouth (so the map shows a batch), one whose kit has
// not arrived (the board refuses it), and a filled week for whatever engineers the company has
// (the dual-role owner among them). Runs after the users and orders seeders.

const dayMs = 24 * 60 * 60 * 1000;

/** Ready-to-schedule orders, close together so they batch on the map. */
const readyOrders: {
  firstName: string;
  lastName: string;
  postcode: string;
  town: string;
  street: string;
  kit: KitStatus;
}[] = [
  {
    firstName: 'Morwenna',
    lastName: 'Trist',
    postcode: 'PL12 4AB',
    town: 'Saltash',
    street: '3 Fore Street',
    kit: 'arrived',
  },
  {
    firstName: 'Jory',
    lastName: 'Pengelly',
    postcode: 'PL12 6DE',
    town: 'Saltash',
    street: '18 Callington Road',
    kit: 'arrived',
  },
  {
    firstName: 'Tamsin',
    lastName: 'Keast',
    postcode: 'PL12 5HJ',
    town: 'Saltash',
    street: '7 Liskeard Road',
    kit: 'customer_supplied',
  },
  {
    firstName: 'Kit',
    lastName: 'Opie',
    postcode: 'PL11 2LN',
    town: 'Torpoint',
    street: '22 Macey Street',
    kit: 'arrived',
  },
  {
    firstName: 'Bryony',
    lastName: 'Lugg',
    postcode: 'PL5 1QR',
    town: 'Plymouth',
    street: '9 St Budeaux Road',
    kit: 'arrived',
  },
  {
    firstName: 'Piran',
    lastName: 'Hendy',
    postcode: 'PL6 5TU',
    town: 'Plymouth',
    street: '41 Tavistock Road',
    kit: 'arrived',
  },
  {
    firstName: 'Elowen',
    lastName: 'Bice',
    postcode: 'PL14 3WX',
    town: 'Liskeard',
    street: '5 Pike Street',
    kit: 'customer_supplied',
  },
  {
    firstName: 'Ruan',
    lastName: 'Sleeman',
    postcode: 'PL17 7AF',
    town: 'Callington',
    street: '12 Fore Street',
    kit: 'dispatched',
  },
];

/** Orders already booked this week, spread over the engineers. */
const bookedPlaces = [
  'PL12 4QP',
  'PL12 6NB',
  'PL4 8AA',
  'PL1 3DE',
  'PL15 8HG',
  'PL31 2RT',
  'PL13 1PX',
  'PL25 4BA',
  'PL26 7JS',
  'PL18 9EA',
  'PL19 0AB',
  'PL21 9LM',
];
const bookedTowns: Record<string, string> = {
  PL12: 'Saltash',
  PL4: 'Plymouth',
  PL1: 'Plymouth',
  PL15: 'Launceston',
  PL31: 'Bodmin',
  PL13: 'Looe',
  PL25: 'St Austell',
  PL26: 'St Austell',
  PL18: 'Gunnislake',
  PL19: 'Tavistock',
  PL21: 'Ivybridge',
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export const contractorWeekSeeder: Seeder = {
  name: 'contractor-week',
  async run({ db, now }) {
    await seedContractorWeek(db, now);
  },
};

export async function seedContractorWeek(db: Database, now: Date) {
  const contractor = await findDemoContractor(db);
  if (!contractor) return;
  const random = seededRandom(20_261_124);
  const engineers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.contractorId, contractor.id),
        ne(users.status, 'disabled'),
        or(eq(users.role, 'engineer'), sql`'engineer' = any(${users.additionalRoles})`),
      ),
    );
  const [partner] = await db.select().from(partners).where(eq(partners.code, 'SBPM'));
  const jobTypeRows = await db
    .select()
    .from(jobTypes)
    .where(inArray(jobTypes.code, ['STD_INSTALL', 'POLE_INSTALL']));
  if (!partner || jobTypeRows.length === 0) return;

  async function acceptedOrder(input: {
    firstName: string;
    lastName: string;
    postcode: string;
    town: string;
    street: string;
    kit: KitStatus;
    daysAgo: number;
  }) {
    const receivedAt = new Date(now.getTime() - input.daysAgo * dayMs);
    const at = (step: number) => new Date(receivedAt.getTime() + step * 6 * 60 * 60 * 1000);
    const reference = await nextCustomerReference(db);
    const email = `${input.firstName}.${input.lastName}@example.com`.toLowerCase();
    const phone = `+4477009${String(random.int(10_000, 99_999))}`;
    const [customer] = await db
      .insert(customers)
      .values({
        reference,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone,
        addressLine1: input.street,
        town: input.town,
        county: 'Cornwall',
        postcode: input.postcode,
        validationStatus: 'validated',
        validatedAt: at(1),
        searchText: customerSearchText({ reference, ...input, email, phone }),
        createdAt: receivedAt,
        updatedAt: at(1),
      })
      .returning();
    const jobType = random.chance(0.75) ? jobTypeRows[0]! : random.pick(jobTypeRows);
    const orderNumber = await nextOrderNumber(db, receivedAt);
    const deadlines = slaDeadlines(receivedAt, partner!.slaTargetDays ?? 14);
    const dispatched = input.kit !== 'customer_supplied';
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber,
        partnerId: partner!.id,
        partnerReference: `${partner!.code}-${200_000 + random.int(0, 99_999)}`,
        customerId: customer!.id,
        jobTypeId: jobType.id,
        pricePence: jobType.defaultPricePence,
        payoutPence: jobType.defaultPayoutPence,
        status: 'assigned',
        kitStatus: input.kit,
        courier: dispatched ? 'DPD' : null,
        trackingNumber: dispatched ? `DP${random.int(10_000_000, 99_999_999)}GB` : null,
        kitDispatchedAt: dispatched ? at(2) : null,
        kitArrivedAt: input.kit === 'arrived' ? at(3) : null,
        contractorId: contractor!.id,
        contractorOfferedAt: at(4),
        contractorAcceptedAt: at(5),
        slaTargetDays: partner!.slaTargetDays ?? 14,
        slaAtRiskAt: deadlines.atRiskAt,
        slaDueAt: deadlines.dueAt,
        receivedAt,
        searchText: orderSearchText(
          { orderNumber, partnerReference: null },
          { ...input, email, phone },
        ),
        createdAt: receivedAt,
        updatedAt: at(5),
        version: 7,
      })
      .returning();
    const initialKit: KitStatus = dispatched ? 'awaiting_dispatch' : 'customer_supplied';
    const events: Omit<typeof orderEvents.$inferInsert, 'orderId'>[] = [
      {
        type: 'created',
        actorRole: 'partner',
        actorName: partner!.name,
        toStatus: 'received',
        toKitStatus: initialKit,
        createdAt: receivedAt,
      },
      {
        type: 'submit_customer_form',
        actorRole: 'customer',
        actorName: `${input.firstName} ${input.lastName}`,
        fromStatus: 'received',
        toStatus: 'customer_submitted',
        createdAt: at(0.5),
      },
      {
        type: 'validate',
        actorRole: 'back_office',
        actorName: 'Back office',
        fromStatus: 'customer_submitted',
        toStatus: 'validated',
        createdAt: at(1),
      },
    ];
    if (dispatched) {
      events.push({
        type: 'dispatch_kit',
        actorRole: 'back_office',
        actorName: 'Back office',
        fromKitStatus: 'awaiting_dispatch',
        toKitStatus: 'dispatched',
        data: { courier: order!.courier, trackingNumber: order!.trackingNumber },
        createdAt: at(2),
      });
    }
    if (input.kit === 'arrived') {
      events.push({
        type: 'confirm_kit_arrived',
        actorRole: 'customer',
        actorName: `${input.firstName} ${input.lastName}`,
        fromKitStatus: 'dispatched',
        toKitStatus: 'arrived',
        createdAt: at(3),
      });
    }
    const contractorData = { contractorId: contractor!.id, contractorName: contractor!.name };
    events.push(
      {
        type: 'assign',
        actorRole: 'back_office',
        actorName: 'Back office',
        fromStatus: 'validated',
        toStatus: 'validated',
        data: contractorData,
        createdAt: at(4),
      },
      {
        type: 'accept',
        actorRole: 'contractor',
        actorName: contractor!.name,
        fromStatus: 'validated',
        toStatus: 'assigned',
        data: contractorData,
        createdAt: at(5),
      },
    );
    await db.insert(orderEvents).values(
      events.map((event) => ({
        fromStatus: event.fromStatus ?? 'validated',
        toStatus: event.toStatus ?? 'validated',
        fromKitStatus: event.fromKitStatus ?? null,
        toKitStatus: event.toKitStatus ?? null,
        ...event,
        orderId: order!.id,
      })),
    );
    return order!;
  }

  for (const [i, input] of readyOrders.entries()) {
    await acceptedOrder({ ...input, daysAgo: 6 + i });
  }
  if (engineers.length === 0) return;

  // The filled week: from today, the next five working days (no weekend, no bank holiday),
  // each engineer booked in most slots, leaving a gap a day so there is room to drag work in.
  const days: string[] = [];
  for (let date = isoDate(now); days.length < 5; date = addDays(date, 1)) {
    if (isDemoWorkingDay(date)) days.push(date);
  }
  const existing = await db
    .select({ engineerId: visits.engineerId, date: visits.scheduledDate, slot: visits.slot })
    .from(visits)
    .where(
      and(
        inArray(
          visits.engineerId,
          engineers.map((e) => e.id),
        ),
        inArray(visits.scheduledDate, days),
        // Failed visits too: the demo shows no engineer with two visits in one half-day.
        ne(visits.status, 'cancelled'),
      ),
    );
  let place = 0;
  for (const [d, date] of days.entries()) {
    for (const [e, engineer] of engineers.entries()) {
      const taken = existing
        .filter((v) => v.engineerId === engineer.id && v.date === date)
        .map((v) => v.slot);
      // Rotate: all day, AM only, AM and PM, PM only, free.
      const pattern = (d + e) % 5;
      const wanted: VisitSlot[] =
        pattern === 0
          ? ['all_day']
          : pattern === 1
            ? ['am']
            : pattern === 2
              ? ['am', 'pm']
              : pattern === 3
                ? ['pm']
                : [];
      for (const slot of wanted) {
        if (!slotFree(slot, taken)) continue;
        const postcode = bookedPlaces[place % bookedPlaces.length]!;
        place += 1;
        const names = [
          random.pick(['Ann', 'Ben', 'Cara', 'Dewi', 'Enys', 'Fenella', 'Gwen', 'Hedra']),
          random.pick(['Couch', 'Rowe', 'Jago', 'Kitto', 'Symons', 'Vosper']),
        ] as const;
        const order = await acceptedOrder({
          firstName: names[0],
          lastName: names[1],
          postcode,
          town: bookedTowns[postcode.split(' ')[0]!] ?? 'Plymouth',
          street: `${random.int(1, 90)} Church Road`,
          kit: random.chance(0.2) ? 'customer_supplied' : 'arrived',
          daysAgo: 8 + random.int(0, 6),
        });
        const bookedAt = new Date(now.getTime() - random.int(1, 3) * dayMs);
        const [visit] = await db
          .insert(visits)
          .values({
            orderId: order.id,
            contractorId: contractor.id,
            engineerId: engineer.id,
            scheduledDate: date,
            slot,
            status: 'scheduled',
            createdAt: bookedAt,
            updatedAt: bookedAt,
          })
          .returning();
        await db
          .update(orders)
          .set({ status: 'scheduled', version: 8, updatedAt: bookedAt })
          .where(eq(orders.id, order.id));
        await db.insert(orderEvents).values({
          orderId: order.id,
          type: 'schedule',
          actorRole: 'contractor',
          actorName: contractor.name,
          fromStatus: 'assigned',
          toStatus: 'scheduled',
          fromKitStatus: order.kitStatus,
          toKitStatus: order.kitStatus,
          data: {
            visitId: visit!.id,
            engineerId: engineer.id,
            engineerName: `${engineer.firstName} ${engineer.lastName}`,
            date,
            slot,
          },
          createdAt: bookedAt,
        });
        taken.push(slot);
      }
    }
  }
}
