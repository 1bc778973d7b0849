import { eq, sql } from 'drizzle-orm';
import { slaDeadlines } from '@shared/orders/sla';
import type { OrderStatus, VisitSlot } from '@shared/orders/order-status';
import type { Database } from '../db/client';
import { customers } from '../modules/customers/customers.schema';
import { jobTypes } from '../modules/job-types/job-types.schema';
import { orderEvents } from '../modules/orders/order-events.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import { customerSearchText } from '../modules/customers/customers.repository';
import { newOrderNumber } from '../modules/orders/order-number';
import { orderSearchText } from '../modules/orders/orders.repository';
import { completedRecordColumns, storeRecordEvidence, type RecordPlan } from './completed-record';
import type { SeedContext, Seeder } from './seeder';
import type { ReservedSlot } from './slot-book';
import { londonDateOf } from '@shared/london-date';

// Issue 13: the demo engineer's day. Visits today and tomorrow (one half done: checked in, survey
// saved, three photos) and a completed installation with its whole record, so the engineer app,
// /installation, /order-summary and the certificate PDF show everything (completed-record.ts).

export const demoEngineerEmail = 'engineer@example.com';

const dayMs = 24 * 3600 * 1000;

type Plan = {
  firstName: string;
  lastName: string;
  address: string;
  town: string;
  postcode: string;
  date: string;
  slot: VisitSlot;
  stage: 'scheduled' | 'half_done' | 'completed';
};

/** The demo engineer's visits, around `now`. */
function demoEngineerPlans(now: Date): Plan[] {
  const today = londonDateOf(now);
  const tomorrow = londonDateOf(new Date(now.getTime() + dayMs));
  const yesterday = londonDateOf(new Date(now.getTime() - dayMs));
  return [
    {
      firstName: 'Tamsin',
      lastName: 'Trelawny',
      address: 'Higher Bosvenna Farm',
      town: 'Bodmin',
      postcode: 'PL31 1EX',
      date: today,
      slot: 'am',
      stage: 'half_done',
    },
    {
      firstName: 'Jory',
      lastName: 'Pascoe',
      address: '4 Chapel Row',
      town: 'St Just',
      postcode: 'TR19 7HS',
      date: today,
      slot: 'pm',
      stage: 'scheduled',
    },
    {
      firstName: 'Kerensa',
      lastName: 'Nance',
      address: 'Rosewarne Cottage',
      town: 'Helston',
      postcode: 'TR13 0QS',
      date: tomorrow,
      slot: 'am',
      stage: 'scheduled',
    },
    {
      firstName: 'Petroc',
      lastName: 'Hocking',
      address: 'Lower Treworgey',
      town: 'Liskeard',
      postcode: 'PL14 6RN',
      date: yesterday,
      slot: 'all_day',
      stage: 'completed',
    },
  ];
}

/** The slots this seeder books for the demo engineer: the seeders before it leave them free. */
export function demoEngineerSlots(now: Date): ReservedSlot[] {
  return demoEngineerPlans(now).map(({ date, slot }) => ({ email: demoEngineerEmail, date, slot }));
}

export const engineerVisitsSeeder: Seeder = {
  name: 'engineer visits',
  run: seedEngineerVisits,
};

async function nextNumbers(db: Database) {
  const { rows } = (await db.execute(
    sql`select nextval('order_number_seq')::int as order_n, nextval('customer_reference_seq')::int as customer_n`,
  )) as unknown as { rows: { order_n: number; customer_n: number }[] };
  return { orderN: Number(rows[0]!.order_n), customerN: Number(rows[0]!.customer_n) };
}

async function seedEngineerVisits({ db, now, storage }: SeedContext) {
  const [engineer] = await db.select().from(users).where(eq(users.email, demoEngineerEmail));
  if (!engineer?.contractorId) return;
  const [jobType] = await db.select().from(jobTypes).where(eq(jobTypes.active, true)).limit(1);
  const [partner] = await db.select().from(partners).limit(1);
  if (!jobType || !partner) return;
  const plans = demoEngineerPlans(now);
  const engineerName = `${engineer.firstName} ${engineer.lastName}`;

  for (const plan of plans) {
    const receivedAt = new Date(now.getTime() - 12 * dayMs);
    const { orderN, customerN } = await nextNumbers(db);
    const reference = `CUS-${String(customerN).padStart(6, '0')}`;
    const email = `${plan.firstName.toLowerCase()}.${plan.lastName.toLowerCase()}@example.com`;
    const phone = '+447700900' + String(100 + (customerN % 800)).padStart(3, '0');
    const [customer] = await db
      .insert(customers)
      .values({
        reference,
        firstName: plan.firstName,
        lastName: plan.lastName,
        email,
        phone,
        addressLine1: plan.address,
        town: plan.town,
        county: 'Cornwall',
        postcode: plan.postcode,
        validationStatus: 'validated',
        validatedAt: receivedAt,
        searchText: customerSearchText({
          reference,
          firstName: plan.firstName,
          lastName: plan.lastName,
          postcode: plan.postcode,
          email,
          phone,
        }),
        createdAt: receivedAt,
        updatedAt: receivedAt,
      })
      .returning();
    const orderNumber = newOrderNumber(receivedAt, orderN);
    const deadlines = slaDeadlines(receivedAt, 14);
    const checkedInAt = new Date(
      now.getTime() - (plan.stage === 'completed' ? dayMs + 3 * 3600_000 : 3600_000),
    );
    const completedAt = new Date(checkedInAt.getTime() + 2.5 * 3600_000);
    const status: OrderStatus =
      plan.stage === 'completed'
        ? 'completed'
        : plan.stage === 'half_done'
          ? 'in_progress'
          : 'scheduled';
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber,
        partnerId: partner.id,
        jobTypeId: jobType.id,
        customerId: customer!.id,
        pricePence: jobType.defaultPricePence,
        payoutPence: jobType.defaultPayoutPence,
        status,
        kitStatus: 'arrived',
        kitDispatchedAt: new Date(receivedAt.getTime() + dayMs),
        kitArrivedAt: new Date(receivedAt.getTime() + 3 * dayMs),
        contractorId: engineer.contractorId,
        contractorOfferedAt: receivedAt,
        contractorAcceptedAt: receivedAt,
        notes: 'Farm track: use the second gate; dogs are friendly.',
        slaTargetDays: 14,
        slaAtRiskAt: deadlines.atRiskAt,
        slaDueAt: deadlines.dueAt,
        slaStoppedAt: plan.stage === 'completed' ? completedAt : null,
        completedAt: plan.stage === 'completed' ? completedAt : null,
        receivedAt,
        searchText: orderSearchText(
          { orderNumber, partnerReference: null },
          {
            firstName: plan.firstName,
            lastName: plan.lastName,
            postcode: plan.postcode,
            email,
            phone,
          },
        ),
        createdAt: receivedAt,
        updatedAt: now,
      })
      .returning();
    const visitId = crypto.randomUUID();
    const done = plan.stage === 'completed';
    const record: RecordPlan = {
      visitId,
      orderId: order!.id,
      engineerId: engineer.id,
      customerName: `${plan.firstName} ${plan.lastName}`,
      checkedInAt,
      signedAt: new Date(completedAt.getTime() - 5 * 60_000),
      serials: { dish: 'UTD-2291-88410', router: 'UTR-7731-20554' },
      position: { latitude: 50.4681, longitude: -4.7183 },
    };
    await db.insert(visits).values({
      id: visitId,
      orderId: order!.id,
      contractorId: engineer.contractorId,
      engineerId: engineer.id,
      scheduledDate: plan.date,
      slot: plan.slot,
      status: done ? 'completed' : plan.stage === 'half_done' ? 'in_progress' : 'scheduled',
      checkedInAt: plan.stage === 'scheduled' ? null : checkedInAt,
      checkInLatitude: plan.stage === 'scheduled' ? null : '50.4681',
      checkInLongitude: plan.stage === 'scheduled' ? null : '-4.7183',
      checkInAccuracyM: plan.stage === 'scheduled' ? null : 9,
      survey:
        plan.stage === 'scheduled'
          ? null
          : {
              mountingType: 'wall',
              cableRoute: 'Down the gable end, along the eaves, in above the lounge window',
              cableLengthM: 22,
              powerLocation: 'Double socket in the lounge, left of the fireplace',
              routerLocation: 'Lounge bookshelf',
              planningIssues: '',
              workingAtHeightConfirmed: true,
              savedAt: new Date(checkedInAt.getTime() + 20 * 60_000).toISOString(),
            },
      ...(done
        ? {
            ...completedRecordColumns(record),
            otherSerials: [{ label: 'Power supply', serial: 'PSU-55120-A' }],
          }
        : {}),
      checkedOutAt: done ? completedAt : null,
      outcome: done ? 'completed' : null,
      outcomeNotes: done
        ? 'Dish on the gable wall, clear view south; customer shown the app.'
        : null,
      createdAt: receivedAt,
      updatedAt: now,
    });
    const events: (typeof orderEvents.$inferInsert)[] = [
      {
        orderId: order!.id,
        type: 'created',
        actorRole: 'system',
        actorName: 'Demo data',
        toStatus: 'received',
        toKitStatus: 'awaiting_dispatch',
        createdAt: receivedAt,
      },
      {
        orderId: order!.id,
        type: 'schedule',
        actorRole: 'contractor',
        actorName: 'Demo data',
        fromStatus: 'assigned',
        toStatus: 'scheduled',
        data: { visitId, date: plan.date, slot: plan.slot },
        createdAt: new Date(receivedAt.getTime() + 4 * dayMs),
      },
    ];
    if (plan.stage !== 'scheduled')
      events.push({
        orderId: order!.id,
        type: 'check_in',
        actorUserId: engineer.id,
        actorRole: 'engineer',
        actorName: engineerName,
        fromStatus: 'scheduled',
        toStatus: 'in_progress',
        data: { visitId },
        createdAt: checkedInAt,
      });
    if (done)
      events.push({
        orderId: order!.id,
        type: 'complete',
        actorUserId: engineer.id,
        actorRole: 'engineer',
        actorName: engineerName,
        fromStatus: 'in_progress',
        toStatus: 'completed',
        data: { visitId },
        createdAt: completedAt,
      });
    await db.insert(orderEvents).values(events);

    if (plan.stage === 'scheduled') continue;
    await storeRecordEvidence(
      db,
      storage,
      record,
      done ? {} : { categories: ['site_before', 'mount', 'dish_installed'], signature: false },
    );
  }
}

/** For tests that read the demo: the completed order's number. */
export async function demoCompletedOrderNumber(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(visits, eq(visits.orderId, orders.id))
    .innerJoin(users, eq(users.id, visits.engineerId))
    .where(
      sql`${users.email} = ${demoEngineerEmail} and ${visits.outcome} = 'completed' and ${visits.signatureKey} is not null`,
    )
    .limit(1);
  return row?.orderNumber ?? null;
}
