import { inArray, sql } from 'drizzle-orm';
import type { StorageAdapter } from '../adapters/storage/storage.adapter';
import type { Database } from '../db/client';
import { contractorRates, contractors } from '../modules/contractors/contractors.schema';
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
import {
  visitSlots,
  type FailureReason,
  type KitStatus,
  type OrderStatus,
} from '@shared/orders/order-status';
import { slaDeadlines } from '@shared/orders/sla';
import { completedRecordColumns, storeRecordEvidence, type RecordPlan } from './completed-record';
import { demoCompletedSlots } from './contractor-offers.seed';
import { demoContractorName } from './demo-contractor';
import { demoEngineerSlots } from './engineer-visits.seed';
import type { Seeder } from './seeder';
import { createSlotBook, firstFreeBooking, type ReservedSlot, type SlotBook } from './slot-book';

// Demo data for issue 5: partners (SBPM among them), job types, contractors with engineers, and
// about 200 customers and orders spread over every status and kit status, each with the events
// and visits that led there. Deterministic: the same seed gives the same data.

/** A small, fast, seeded random generator (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
    /** A copy of `list` in random order (Fisher–Yates). */
    shuffle: <T>(list: readonly T[]): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    /** A version-4-shaped UUID from this generator, so ids repeat too. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

export const firstNames = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Jack',
  'Mia',
  'Jacob',
  'Emily',
  'Noah',
  'Sophia',
  'Charlie',
  'Grace',
  'Thomas',
  'Lily',
  'William',
  'Freya',
  'James',
  'Ella',
  'Daniel',
  'Ruby',
  'Samuel',
  'Evie',
  'Joseph',
  'Poppy',
  'Henry',
  'Florence',
  'Edward',
  'Alice',
  'Peter',
  'Margaret',
  'David',
  'Susan',
  'Michael',
  'Helen',
  'Richard',
  'Janet',
  'Robert',
  'Carol',
] as const;
export const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Robinson',
  'Thompson',
  'Wright',
  'Walker',
  'White',
  'Edwards',
  'Hughes',
  'Green',
  'Hall',
  'Pascoe',
  'Trevithick',
  'Penrose',
  'Tremayne',
  'Nancarrow',
  'Polglase',
  'Rowe',
  'Hocking',
  'Jago',
  'Chenoweth',
  'Kitto',
  'Rickard',
  'Hosking',
  'Bolitho',
  'Carne',
  'Couch',
  'Eddy',
  'Menhenick',
  'Symons',
  'Vosper',
] as const;
const streets = [
  'Fore Street',
  'Church Road',
  'Station Road',
  'Harbour View',
  'Trelawney Road',
  'Chapel Lane',
  'Mill Lane',
  'Polwithen Road',
  'Higher Town',
  'Moor View',
  'Quay Street',
  'Victoria Road',
  'Park Lane',
  'Orchard Close',
  'Penlee Gardens',
  'Castle Hill',
  'West End',
  'Manor Way',
] as const;
/** Towns of the South West with real outward codes. */
export const towns = [
  { town: 'Exeter', county: 'Devon', outcodes: ['EX1', 'EX2', 'EX4'] },
  { town: 'Exmouth', county: 'Devon', outcodes: ['EX8'] },
  { town: 'Barnstaple', county: 'Devon', outcodes: ['EX31', 'EX32'] },
  { town: 'Bude', county: 'Cornwall', outcodes: ['EX23'] },
  { town: 'Plymouth', county: 'Devon', outcodes: ['PL1', 'PL4', 'PL6'] },
  { town: 'Saltash', county: 'Cornwall', outcodes: ['PL12'] },
  { town: 'Launceston', county: 'Cornwall', outcodes: ['PL15'] },
  { town: 'Bodmin', county: 'Cornwall', outcodes: ['PL31'] },
  { town: 'Truro', county: 'Cornwall', outcodes: ['TR1'] },
  { town: 'Penzance', county: 'Cornwall', outcodes: ['TR18'] },
  { town: 'Newquay', county: 'Cornwall', outcodes: ['TR7'] },
  { town: 'St Ives', county: 'Cornwall', outcodes: ['TR26'] },
  { town: 'Torquay', county: 'Devon', outcodes: ['TQ1', 'TQ2'] },
  { town: 'Taunton', county: 'Somerset', outcodes: ['TA1'] },
] as const;
const inwardLetters = 'ABDEFGHJLNPQRSTUWXYZ';

export function fakePostcode(random: Random, outcode: string) {
  return `${outcode} ${random.int(1, 9)}${random.pick([...inwardLetters])}${random.pick([...inwardLetters])}`;
}

export const demoPartners = [
  {
    name: 'SBPM',
    code: 'SBPM',
    contactName: 'Priya Shah',
    contactEmail: 'installs@sbpm.example.com',
    slaTargetDays: 10,
  },
  {
    name: 'SkyReach Broadband',
    code: 'SKYREACH',
    contactName: 'Mark Ellis',
    contactEmail: 'orders@skyreach.example.com',
    slaTargetDays: null,
  },
  {
    name: 'Westcountry Connect',
    code: 'WCC',
    contactName: 'Lowenna Hart',
    contactEmail: 'ops@westcountry-connect.example.com',
    slaTargetDays: 21,
  },
  {
    name: 'Direct customers',
    code: 'DIRECT',
    contactName: null,
    contactEmail: null,
    slaTargetDays: null,
  },
] as const;

export const demoJobTypes = [
  {
    code: 'STD_INSTALL',
    name: 'Standard installation',
    defaultPricePence: 19_900,
    defaultPayoutPence: 12_000,
    description: 'Wall or roof mount, up to 20 m of cable.',
  },
  {
    code: 'POLE_INSTALL',
    name: 'Pole or ground mount',
    defaultPricePence: 29_900,
    defaultPayoutPence: 18_000,
    description: 'Pole or ground mount where the roof has no line of sight.',
  },
  {
    code: 'BUSINESS',
    name: 'Business installation',
    defaultPricePence: 39_900,
    defaultPayoutPence: 24_000,
    description: 'Business premises, router in a comms cabinet.',
  },
  {
    code: 'SURVEY',
    name: 'Site survey',
    defaultPricePence: 7_900,
    defaultPayoutPence: 4_500,
    description: 'Line-of-sight and mounting survey only.',
  },
  {
    code: 'REPAIR',
    name: 'Repair visit',
    defaultPricePence: 9_900,
    defaultPayoutPence: 6_000,
    description: 'Re-align, replace cable or faulty kit.',
  },
] as const;

/** The demo contractor, engineer and dual accounts belong to the demo contractor company. */
export const demoLinkedEmails = [
  'contractor@example.com',
  'engineer@example.com',
  'dual@example.com',
];

export const demoContractors = [
  {
    name: demoContractorName,
    companyNumber: '09876543',
    vatNumber: 'GB123456789',
    contactEmail: 'office@tamar-satellite.example.com',
    contactPhone: '+441752000111',
    addressLine1: 'Unit 7, Saltash Parkway',
    town: 'Saltash',
    county: 'Cornwall',
    postcode: 'PL12 6LF',
    coverageAreas: ['PL', 'EX', 'TQ'],
    active: true,
    engineers: [
      {
        firstName: 'Sam',
        lastName: 'Penrose',
        email: 'sam.penrose@tamar-satellite.example.com',
        phone: '+447700900003',
      },
    ],
  },
  {
    name: 'Kernow Dish Installers',
    companyNumber: '11223344',
    vatNumber: null,
    contactEmail: 'jobs@kernow-dish.example.com',
    contactPhone: '+441872000222',
    addressLine1: '2 Lemon Quay',
    town: 'Truro',
    county: 'Cornwall',
    postcode: 'TR1 2LW',
    coverageAreas: ['TR', 'PL31'],
    active: true,
    engineers: [
      { firstName: 'Tom', lastName: 'Hocking', email: 'tom.hocking@kernow-dish.example.com' },
      { firstName: 'Demelza', lastName: 'Rowe', email: 'demelza.rowe@kernow-dish.example.com' },
    ],
  },
  {
    name: 'Exe Valley Aerials',
    companyNumber: 'SC123456',
    vatNumber: 'GB987654321',
    contactEmail: 'bookings@exevalley.example.com',
    contactPhone: '+441392000333',
    addressLine1: '14 Alphington Road',
    town: 'Exeter',
    county: 'Devon',
    postcode: 'EX2 8HU',
    coverageAreas: ['EX', 'TA'],
    active: true,
    engineers: [
      { firstName: 'Gareth', lastName: 'Hughes', email: 'gareth.hughes@exevalley.example.com' },
    ],
  },
  {
    name: 'Moorland Mounts (retired)',
    companyNumber: null,
    vatNumber: null,
    contactEmail: 'hello@moorland-mounts.example.com',
    contactPhone: null,
    addressLine1: null,
    town: null,
    county: null,
    postcode: null,
    coverageAreas: ['TQ'],
    active: false,
    engineers: [],
  },
] as const;

/**
 * The demo customer account (customer@example.com, Cara Customer in the users seeder) is the
 * customer of a few demo orders at different stages, so /customer lists real orders.
 */
export const demoCustomer = {
  firstName: 'Cara',
  lastName: 'Customer',
  email: 'customer@example.com',
  phone: '+447700900103',
  addressLine1: '4 Harbour View',
  addressLine2: 'Forder',
  town: 'Saltash',
  county: 'Cornwall',
  postcode: 'PL12 4QN',
} as const;
/** The demo customer's orders: the first order of each of these statuses (first one first). */
const demoCustomerStatuses: OrderStatus[] = ['validated', 'scheduled', 'completed'];

/** How many demo orders end in each status (about 200 in all). */
const statusMix: [OrderStatus, number][] = [
  ['received', 22],
  ['customer_submitted', 20],
  ['validated', 26],
  ['assigned', 18],
  ['scheduled', 24],
  ['in_progress', 6],
  ['revisit_required', 10],
  ['completed', 22],
  ['closed', 24],
  ['on_hold', 12],
  ['cancelled', 16],
];

type Step = {
  type: string;
  actorRole: string;
  from: OrderStatus | null;
  to: OrderStatus | null;
  fromKit: KitStatus | null;
  toKit: KitStatus | null;
  reason?: string | null;
  data?: Record<string, unknown>;
};

const dayMs = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export const ordersSeeder: Seeder = {
  name: 'orders',
  async run({ db, now, storage }) {
    const reserved = [...demoEngineerSlots(now), ...demoCompletedSlots(now)];
    await seedOrders(db, now, { orderCount: 200, seed: 20_260_501, reserved, storage });
  },
};

/** Takes the slots the seeders after this one book for the demo accounts in `linked`. */
function reserveSlots(
  book: SlotBook,
  linked: readonly { id: string; email: string }[],
  reserved: readonly ReservedSlot[],
) {
  for (const { email, date, slot } of reserved) {
    const user = linked.find((u) => u.email === email);
    if (user) book.take({ engineerId: user.id, date, slot });
  }
}

/**
 * Seeds the demo order book; exported for tests and the benchmark's small cousin. Visits keep to
 * the engineers' capacity and leave the `reserved` slots free.
 */
export async function seedOrders(
  db: Database,
  now: Date,
  options: {
    orderCount: number;
    seed: number;
    reserved?: readonly ReservedSlot[];
    /** Where the completed visits' photos and signatures go (rows are written without it). */
    storage?: StorageAdapter;
  },
) {
  const random = seededRandom(options.seed);

  const partnerRows = await db
    .insert(partners)
    .values(demoPartners.map((p) => ({ ...p })))
    .returning();
  const jobTypeRows = await db
    .insert(jobTypes)
    .values(demoJobTypes.map((j) => ({ ...j })))
    .returning();

  const contractorRows = [];
  const engineersByContractor = new Map<string, { id: string; name: string }[]>();
  for (const spec of demoContractors) {
    const { engineers, ...values } = spec;
    const [row] = await db
      .insert(contractors)
      .values({ ...values, coverageAreas: [...values.coverageAreas] })
      .returning();
    contractorRows.push(row!);
    await db.insert(contractorRates).values(
      jobTypeRows.map((jt) => ({
        contractorId: row!.id,
        jobTypeId: jt.id,
        payoutPence: Math.round(
          (jt.defaultPayoutPence * (spec.active ? random.int(95, 110) : 100)) / 100,
        ),
      })),
    );
    const list: { id: string; name: string }[] = [];
    for (const engineer of engineers) {
      const [user] = await db
        .insert(users)
        .values({ ...engineer, role: 'engineer', status: 'invited', contractorId: row!.id })
        .onConflictDoNothing()
        .returning();
      if (user) list.push({ id: user.id, name: `${user.firstName} ${user.lastName}` });
    }
    engineersByContractor.set(row!.id, list);
  }

  // The demo accounts from the users seeder work for the demo contractor.
  const demoContractor = contractorRows[0]!;
  const linked = await db
    .update(users)
    .set({ contractorId: demoContractor.id })
    .where(inArray(users.email, demoLinkedEmails))
    .returning();
  const demoEngineers = linked
    .filter((u) => u.role === 'engineer' || u.additionalRoles.includes('engineer'))
    // The demo engineer account gets the most visits: put it first.
    .sort(
      (a, b) =>
        Number(b.email === 'engineer@example.com') - Number(a.email === 'engineer@example.com'),
    )
    .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));
  engineersByContractor.set(demoContractor.id, [
    ...demoEngineers,
    ...engineersByContractor.get(demoContractor.id)!,
  ]);
  const slotBook = createSlotBook();
  reserveSlots(slotBook, linked, options.reserved ?? []);
  const activeContractors = contractorRows.filter(
    (c) => c.active && engineersByContractor.get(c.id)!.length > 0,
  );

  const targets: OrderStatus[] = [];
  for (const [status, share] of statusMix) {
    const count = Math.round((share / 200) * options.orderCount);
    for (let i = 0; i < count; i += 1) targets.push(status);
  }
  while (targets.length < options.orderCount) targets.push('received');
  targets.length = options.orderCount;

  const customerValues: (typeof customers.$inferInsert)[] = [];
  const orderValues: (typeof orders.$inferInsert)[] = [];
  const eventValues: (typeof orderEvents.$inferInsert)[] = [];
  const visitValues: (typeof visits.$inferInsert)[] = [];
  const completedRecords: RecordPlan[] = [];
  const { rows: seqRows } = (await db.execute(
    sql`select nextval('order_number_seq')::int as order_n, nextval('customer_reference_seq')::int as customer_n`,
  )) as unknown as { rows: { order_n: number; customer_n: number }[] };
  let orderN = Number(seqRows[0]!.order_n);
  let customerN = Number(seqRows[0]!.customer_n);
  const today = isoDate(now);
  let todayVisits = 0;
  // Which orders belong to the demo customer; every draw below still happens for them, so the
  // rest of the demo data is the same with or without them.
  const demoCustomerIndexes = new Set(
    demoCustomerStatuses.map((status) => targets.indexOf(status)).filter((i) => i >= 0),
  );
  let demoCustomerRecord: typeof customers.$inferInsert | null = null;

  targets.forEach((target, index) => {
    const isDemoCustomer = demoCustomerIndexes.has(index);
    const drawnPlace = random.pick(towns);
    const drawnFirstName = random.pick(firstNames);
    const drawnLastName = random.pick(lastNames);
    const drawnPostcode = fakePostcode(random, random.pick(drawnPlace.outcodes));
    const drawnCustomerId = random.uuid();
    const drawnEmail = random.chance(0.9)
      ? `${drawnFirstName}.${drawnLastName}${random.int(1, 99)}@example.com`.toLowerCase()
      : null;
    const drawnPhone = `+447700900${String(random.int(0, 999)).padStart(3, '0')}`;
    const place = isDemoCustomer ? demoCustomer : drawnPlace;
    const firstName = isDemoCustomer ? demoCustomer.firstName : drawnFirstName;
    const lastName = isDemoCustomer ? demoCustomer.lastName : drawnLastName;
    const postcode = isDemoCustomer ? demoCustomer.postcode : drawnPostcode;
    const email = isDemoCustomer ? demoCustomer.email : drawnEmail;
    const phone = isDemoCustomer ? demoCustomer.phone : drawnPhone;
    // The demo customer has one customer record for all their orders.
    const existingRecord = isDemoCustomer ? demoCustomerRecord : null;
    const customerId = existingRecord ? existingRecord.id! : drawnCustomerId;
    const stage = [
      'received',
      'customer_submitted',
      'validated',
      'assigned',
      'scheduled',
      'in_progress',
      'revisit_required',
      'completed',
      'closed',
    ];
    // Later statuses were received longer ago; a few are overdue to show SLA states.
    const stageIndex = Math.max(0, stage.indexOf(target));
    const daysAgo = Math.min(
      60,
      stageIndex * 2 + random.int(0, 9) + (random.chance(0.15) ? 12 : 0),
    );
    const receivedAt = new Date(now.getTime() - daysAgo * dayMs - random.int(0, 8 * 60) * 60_000);
    const partner = index % 5 === 0 ? partnerRows[0]! : random.pick(partnerRows);
    const jobType = random.chance(0.6) ? jobTypeRows[0]! : random.pick(jobTypeRows);
    const customerSupplied = random.chance(0.1);
    const rejected = (target === 'on_hold' || target === 'cancelled') && random.chance(0.3);

    // The path to the target: the moves in order, then hold or cancel where the target says.
    let endOfPath: OrderStatus = target;
    if (target === 'on_hold' || target === 'cancelled') {
      endOfPath = random.pick(
        rejected
          ? (['customer_submitted'] as const)
          : (['received', 'customer_submitted', 'validated', 'assigned', 'scheduled'] as const),
      );
    }
    const moves: string[] = [];
    const reach = (status: OrderStatus) => stage.indexOf(endOfPath) >= stage.indexOf(status);
    if (reach('customer_submitted')) moves.push('submit_customer_form');
    if (reach('validated')) moves.push('validate');
    if (!customerSupplied && reach('validated')) moves.push('dispatch_kit');
    if (
      !customerSupplied &&
      (reach('assigned') || (endOfPath === 'validated' && random.chance(0.5)))
    )
      moves.push('confirm_kit_arrived');
    if (reach('assigned') || (endOfPath === 'validated' && random.chance(0.35)))
      moves.push('assign');
    if (reach('assigned')) moves.push('accept');
    if (reach('scheduled')) moves.push('schedule');
    if (endOfPath === 'revisit_required') moves.push('fail');
    else if (reach('in_progress')) moves.push('check_in');
    if (reach('completed')) moves.push('complete');
    if (reach('closed')) moves.push('close');
    if (target === 'on_hold') moves.push('hold');
    if (target === 'cancelled') moves.push('cancel');

    const contractor = moves.includes('assign') ? random.pick(activeContractors) : null;
    const engineers = contractor ? engineersByContractor.get(contractor.id)! : [];
    // The planned engineer; scheduling moves the visit to another when their day is full.
    let engineer = engineers.length
      ? engineers[random.chance(0.6) ? 0 : random.int(0, engineers.length - 1)]!
      : null;

    let status: OrderStatus = 'received';
    let kit: KitStatus = customerSupplied ? 'customer_supplied' : 'awaiting_dispatch';
    const span = now.getTime() - receivedAt.getTime();
    const at = (i: number) =>
      new Date(receivedAt.getTime() + (span * (i + 1)) / (moves.length + 2));
    const steps: (Step & { at: Date })[] = [
      {
        type: 'created',
        actorRole: 'back_office',
        from: null,
        to: 'received',
        fromKit: null,
        toKit: kit,
        at: receivedAt,
      },
    ];
    const order: Partial<typeof orders.$inferInsert> = {};
    let visit: typeof visits.$inferInsert | null = null;
    const orderId = random.uuid();
    const courier = random.pick(['DPD', 'Royal Mail', 'Parcelforce', 'DHL']);

    moves.forEach((move, i) => {
      const when = at(i);
      const step: Step = {
        type: move,
        actorRole: 'back_office',
        from: status,
        to: status,
        fromKit: kit,
        toKit: kit,
      };
      switch (move) {
        case 'submit_customer_form':
          step.actorRole = 'customer';
          status = 'customer_submitted';
          break;
        case 'validate':
          status = 'validated';
          break;
        case 'dispatch_kit':
          kit = 'dispatched';
          order.courier = courier;
          order.trackingNumber = `${courier.slice(0, 2).toUpperCase()}${random.int(10_000_000, 99_999_999)}GB`;
          order.kitDispatchedAt = when;
          step.data = { courier: order.courier, trackingNumber: order.trackingNumber };
          break;
        case 'confirm_kit_arrived':
          step.actorRole = random.chance(0.7) ? 'customer' : 'back_office';
          kit = 'arrived';
          order.kitArrivedAt = when;
          break;
        case 'assign':
          order.contractorId = contractor!.id;
          order.contractorOfferedAt = when;
          step.data = { contractorId: contractor!.id, contractorName: contractor!.name };
          break;
        case 'accept':
          step.actorRole = 'contractor';
          status = 'assigned';
          order.contractorAcceptedAt = when;
          step.data = { contractorId: contractor!.id, contractorName: contractor!.name };
          break;
        case 'schedule': {
          step.actorRole = random.chance(0.7) ? 'contractor' : 'back_office';
          status = 'scheduled';
          // A visit to come moves later when the day is full, one in the past earlier.
          const toCome = endOfPath === 'scheduled';
          const plannedToday = toCome && target === 'scheduled' && todayVisits < 6;
          let planned: string;
          // An in-progress visit is today's: its date is set here, where capacity is checked.
          if (plannedToday || target === 'in_progress') {
            planned = today;
          } else if (toCome) {
            planned = isoDate(new Date(now.getTime() + random.int(1, 10) * dayMs));
          } else {
            planned = isoDate(new Date(when.getTime() + random.int(1, 3) * dayMs));
          }
          const { engineerId, date, slot } = firstFreeBooking(slotBook, {
            engineerIds: [engineer!, ...engineers.filter((e) => e !== engineer)].map((e) => e.id),
            date: planned,
            slots: random.shuffle(visitSlots),
            step: toCome ? 1 : -1,
          });
          slotBook.take({ engineerId, date, slot });
          engineer = engineers.find((e) => e.id === engineerId)!;
          if (plannedToday && date === today) todayVisits += 1;
          visit = {
            id: random.uuid(),
            orderId,
            contractorId: contractor!.id,
            engineerId: engineer!.id,
            scheduledDate: date,
            slot,
            status: 'scheduled',
            createdAt: when,
            updatedAt: when,
          };
          step.data = {
            visitId: visit.id,
            engineerId: engineer!.id,
            engineerName: engineer!.name,
            date,
            slot,
          };
          break;
        }
        case 'check_in':
          step.actorRole = 'engineer';
          status = 'in_progress';
          Object.assign(visit!, { status: 'in_progress', checkedInAt: when });
          step.data = { visitId: visit!.id };
          break;
        case 'fail': {
          step.actorRole = 'engineer';
          status = 'revisit_required';
          const failureReason: FailureReason = random.pick([
            'customer_absent',
            'no_access',
            'obstructed',
            'kit_faulty',
            'unsafe',
          ] as const);
          Object.assign(visit!, {
            status: 'failed',
            outcome: 'failed',
            failureReason,
            outcomeNotes: 'Recorded on site.',
            checkedInAt: when,
            checkedOutAt: when,
          });
          step.data = { visitId: visit!.id, failureReason };
          step.reason = 'Recorded on site.';
          break;
        }
        case 'complete': {
          step.actorRole = 'engineer';
          status = 'completed';
          // A completed order has its whole record, as the completion rule asks (issue 18).
          const record: RecordPlan = {
            visitId: visit!.id!,
            orderId,
            engineerId: visit!.engineerId,
            customerName: `${firstName} ${lastName}`,
            checkedInAt: visit!.checkedInAt!,
            signedAt: new Date(when.getTime() - 5 * 60_000),
            serials: {
              dish: `UTA${random.int(1_000_000, 9_999_999)}`,
              router: `UTR${random.int(1_000_000, 9_999_999)}`,
            },
          };
          completedRecords.push(record);
          Object.assign(visit!, {
            status: 'completed',
            outcome: 'completed',
            checkedOutAt: when,
            ...completedRecordColumns(record),
          });
          order.completedAt = when;
          order.slaStoppedAt = when;
          step.data = { visitId: visit!.id };
          break;
        }
        case 'close':
          status = 'closed';
          order.closedAt = when;
          break;
        case 'hold':
          order.holdFromStatus = status;
          status = 'on_hold';
          step.reason = random.pick([
            'Customer away until next month',
            'Awaiting landlord permission',
            'Planning consent needed for the pole',
          ]);
          break;
        case 'cancel': {
          status = 'cancelled';
          const reason = random.pick([
            'Customer changed their mind',
            'Duplicate order from the partner',
            'No line of sight at the property',
          ]);
          step.reason = reason;
          order.cancelledAt = when;
          order.cancellationReason = reason;
          order.slaStoppedAt = when;
          if (visit && (visit.status === 'scheduled' || visit.status === 'in_progress')) {
            visit.status = 'cancelled';
          }
          break;
        }
      }
      step.to = status;
      step.toKit = kit;
      steps.push({ ...step, at: when });
    });

    const validated = moves.includes('validate');
    const drawnAddress = `${random.int(1, 120)} ${random.pick(streets)}`;
    if (existingRecord) {
      // An earlier order of the same customer: the record dates from the first one.
      if (receivedAt < existingRecord.createdAt!) {
        existingRecord.createdAt = receivedAt;
        existingRecord.updatedAt = receivedAt;
      }
    } else {
      const reference = `CUS-${String(customerN).padStart(6, '0')}`;
      customerN += 1;
      const record: typeof customers.$inferInsert = {
        id: customerId,
        reference,
        firstName,
        lastName,
        email,
        phone,
        addressLine1: isDemoCustomer ? demoCustomer.addressLine1 : drawnAddress,
        addressLine2: isDemoCustomer ? demoCustomer.addressLine2 : null,
        town: place.town,
        county: place.county,
        postcode,
        validationStatus: rejected ? 'rejected' : validated ? 'validated' : 'unvalidated',
        rejectionReason: rejected ? 'Address outside the service area' : null,
        validatedAt: validated || rejected ? steps[Math.min(2, steps.length - 1)]!.at : null,
        searchText: customerSearchText({ reference, firstName, lastName, postcode, email, phone }),
        createdAt: receivedAt,
        updatedAt: receivedAt,
      };
      customerValues.push(record);
      if (isDemoCustomer) demoCustomerRecord = record;
    }
    const orderNumber = newOrderNumber(receivedAt, orderN);
    orderN += 1;
    const partnerReference =
      partner.code === 'DIRECT' ? null : `${partner.code}-${100_000 + index}`;
    const targetDays = partner.slaTargetDays ?? 14;
    const deadlines = slaDeadlines(receivedAt, targetDays);
    const rate = jobType.defaultPayoutPence;
    const last = steps[steps.length - 1]!.at;
    orderValues.push({
      id: orderId,
      orderNumber,
      partnerId: partner.id,
      partnerReference,
      customerId,
      jobTypeId: jobType.id,
      pricePence: jobType.defaultPricePence,
      payoutPence: rate,
      status,
      kitStatus: kit,
      requestedDate: random.chance(0.3)
        ? isoDate(new Date(receivedAt.getTime() + 7 * dayMs))
        : null,
      notes: random.chance(0.2) ? 'Customer prefers a morning call before the visit.' : null,
      slaTargetDays: targetDays,
      slaAtRiskAt: deadlines.atRiskAt,
      slaDueAt: deadlines.dueAt,
      receivedAt,
      searchText: orderSearchText(
        { orderNumber, partnerReference },
        { firstName, lastName, postcode, email, phone },
      ),
      createdAt: receivedAt,
      updatedAt: last,
      version: steps.length,
      ...order,
    });
    if (visit) visitValues.push(visit);
    for (const step of steps) {
      const actorName =
        step.actorRole === 'customer'
          ? `${firstName} ${lastName}`
          : step.actorRole === 'contractor'
            ? contractor!.name
            : step.actorRole === 'engineer'
              ? engineer!.name
              : 'Back office';
      eventValues.push({
        orderId,
        type: step.type,
        actorRole: step.actorRole,
        actorName,
        fromStatus: step.from,
        toStatus: step.to,
        fromKitStatus: step.fromKit,
        toKitStatus: step.toKit,
        reason: step.reason ?? null,
        data: step.data ?? {},
        createdAt: step.at,
      });
    }
  });

  for (let i = 0; i < customerValues.length; i += 500)
    await db.insert(customers).values(customerValues.slice(i, i + 500));
  for (let i = 0; i < orderValues.length; i += 500)
    await db.insert(orders).values(orderValues.slice(i, i + 500));
  for (let i = 0; i < visitValues.length; i += 500)
    await db.insert(visits).values(visitValues.slice(i, i + 500));
  for (let i = 0; i < eventValues.length; i += 500)
    await db.insert(orderEvents).values(eventValues.slice(i, i + 500));
  for (const record of completedRecords) await storeRecordEvidence(db, options.storage, record);
  await db.execute(
    sql`select setval('order_number_seq', ${orderN - 1}), setval('customer_reference_seq', ${customerN - 1})`,
  );
  return { partners: partnerRows, jobTypes: jobTypeRows, contractors: contractorRows };
}
