import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { slaDeadlines } from '@shared/orders/sla';
import type { OrderStatus, VisitSlot } from '@shared/orders/order-status';
import { photoCategories, type PhotoCategory } from '@shared/visits/visit-record';
import type { Database } from '../db/client';
import { customers } from '../db/schema/customers';
import { jobTypes } from '../db/schema/job-types';
import { orderEvents } from '../db/schema/order-events';
import { orders } from '../db/schema/orders';
import { partners } from '../db/schema/partners';
import { users } from '../db/schema/users';
import { visitPhotos, visits } from '../db/schema/visits';
import { customerSearchText } from '../modules/customers/customers.repository';
import { orderSearchText } from '../modules/orders/orders.repository';
import type { SeedContext, Seeder } from './seeder';
import type { ReservedSlot } from './slot-book';

// Issue 13: the demo engineer's day. Visits today and tomorrow (one half done: checked in, survey
// saved, three photos) and a completed installation with its whole record, so the engineer app,
// /installation, /order-summary and the certificate PDF show everything. Photos are small real
// JPEGs made with sharp; without a storage adapter (some tests) the photos are left out.

export const demoEngineerEmail = 'engineer@example.com';

const dayMs = 24 * 3600 * 1000;
const londonDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);

const categoryColours: Record<PhotoCategory, string> = {
  site_before: '#94a3b8',
  mount: '#64748b',
  dish_installed: '#2563eb',
  cable_entry: '#0f766e',
  router_location: '#7c3aed',
  obstruction_check: '#0891b2',
  speed_test: '#16a34a',
  site_after: '#475569',
};

/** A small real JPEG with the category written on it. */
async function demoPhoto(category: PhotoCategory): Promise<{ jpeg: Buffer; thumb: Buffer }> {
  const label = category.replace('_', ' ');
  const svg = `<svg width="640" height="480" xmlns="http://www.w3.org/2000/svg"><rect width="640" height="480" fill="${categoryColours[category]}"/><text x="320" y="250" font-size="44" font-family="sans-serif" fill="white" text-anchor="middle">${label}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const thumb = await sharp(jpeg)
    .resize(400, 400, { fit: 'inside' })
    .jpeg({ quality: 72 })
    .toBuffer();
  return { jpeg, thumb };
}

async function demoSignature(): Promise<Buffer> {
  const svg =
    '<svg width="360" height="120" xmlns="http://www.w3.org/2000/svg"><path d="M20 90 C 60 10, 100 110, 140 50 S 220 20, 250 80 S 320 60, 340 40" stroke="#111827" stroke-width="4" fill="none"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

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
  const today = londonDate(now);
  const tomorrow = londonDate(new Date(now.getTime() + dayMs));
  const yesterday = londonDate(new Date(now.getTime() - dayMs));
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
    const orderNumber = `UPL-${receivedAt.getUTCFullYear()}-${String(orderN).padStart(6, '0')}`;
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
    const signatureKey = `visit-signatures/${visitId}.png`;
    const done = plan.stage === 'completed';
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
      serials: done ? { dish: 'UTD-2291-88410', router: 'UTR-7731-20554' } : {},
      otherSerials: done ? [{ label: 'Power supply', serial: 'PSU-55120-A' }] : null,
      serialsSavedAt: done ? new Date(checkedInAt.getTime() + 90 * 60_000) : null,
      commissioning: done
        ? {
            dishId: 'UTD-2291-88410',
            routerId: 'UTR-7731-20554',
            obstructionPercent: 0.4,
            downloadMbps: 187.6,
            uploadMbps: 18.3,
            latencyMs: 41,
            testedAt: new Date(checkedInAt.getTime() + 120 * 60_000).toISOString(),
            breaches: [],
          }
        : null,
      customerSignOffName: done ? `${plan.firstName} ${plan.lastName}` : null,
      signatureKey: done && storage ? signatureKey : null,
      signedAt: done ? new Date(completedAt.getTime() - 5 * 60_000) : null,
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

    if (!storage || plan.stage === 'scheduled') continue;
    const categories = done
      ? photoCategories
      : (['site_before', 'mount', 'dish_installed'] as const);
    let minute = 25;
    for (const category of categories) {
      const { jpeg, thumb } = await demoPhoto(category);
      const photoId = crypto.randomUUID();
      const month = now.toISOString().slice(0, 7);
      const storageKey = `visit-photos/${month}/${photoId}.jpg`;
      const thumbnailKey = `visit-photos/${month}/${photoId}.thumb.jpg`;
      await storage.put(storageKey, jpeg, 'image/jpeg');
      await storage.put(thumbnailKey, thumb, 'image/jpeg');
      await db.insert(visitPhotos).values({
        id: photoId,
        visitId,
        orderId: order!.id,
        category,
        storageKey,
        thumbnailKey,
        contentType: 'image/jpeg',
        bytes: jpeg.length,
        width: 640,
        height: 480,
        sha256: createHash('sha256').update(jpeg).digest('hex'),
        takenAt: new Date(checkedInAt.getTime() + (minute += 9) * 60_000),
        latitude: 50.4681,
        longitude: -4.7183,
        uploadedBy: engineer.id,
        uploadedAt: new Date(checkedInAt.getTime() + minute * 60_000),
      });
    }
    if (done) await storage.put(signatureKey, await demoSignature(), 'image/png');
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
