import { randomUUID } from 'node:crypto';
import type { App } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import {
  contractorRates,
  contractors,
} from '../../src/server/modules/contractors/contractors.schema';
import { jobTypes } from '../../src/server/modules/job-types/job-types.schema';
import { orderEvents } from '../../src/server/modules/orders/order-events.schema';
import { orders } from '../../src/server/modules/orders/orders.schema';
import { partners } from '../../src/server/modules/partners/partners.schema';
import { visits } from '../../src/server/modules/visits/visits.schema';
import { insertCustomer } from '../../src/server/modules/customers/customers.repository';
import { ensureDepot } from '../../src/server/modules/stock/stock-locations.service';
import {
  nextOrderNumber,
  orderSearchText,
} from '../../src/server/modules/orders/orders.repository';
import { slaDeadlines } from '@shared/orders/sla';

// Factories with overrides (ARCHITECTURE.md convention 7): rows straight into the database, in
// any state, so HTTP tests start where they need to.

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}${randomUUID().slice(0, 4)}`;
};

const dbOf = (app: App): Database => app.deps.database.db;

export async function createPartner(
  app: App,
  overrides: Partial<typeof partners.$inferInsert> = {},
) {
  const tag = next();
  const [row] = await dbOf(app)
    .insert(partners)
    .values({ name: `Partner ${tag}`, code: `P${tag}`.toUpperCase().slice(0, 20), ...overrides })
    .returning();
  return row!;
}

export async function createJobType(
  app: App,
  overrides: Partial<typeof jobTypes.$inferInsert> = {},
) {
  const tag = next();
  const [row] = await dbOf(app)
    .insert(jobTypes)
    .values({
      code: `JT${tag}`.toUpperCase().slice(0, 30),
      name: `Standard install ${tag}`,
      defaultPricePence: 19_900,
      defaultPayoutPence: 12_000,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createContractor(
  app: App,
  overrides: Partial<typeof contractors.$inferInsert> & {
    rates?: { jobTypeId: string; payoutPence: number }[];
  } = {},
) {
  const { rates, ...values } = overrides;
  const tag = next();
  const [row] = await dbOf(app)
    .insert(contractors)
    .values({
      name: `Contractor ${tag} Ltd`,
      contactEmail: `contractor-${tag}@example.com`,
      coverageAreas: ['EX'],
      ...values,
    })
    .returning();
  if (rates?.length) {
    await dbOf(app)
      .insert(contractorRates)
      .values(rates.map((rate) => ({ contractorId: row!.id, ...rate })));
  }
  // As the contractors service does: a company has a depot.
  await ensureDepot(dbOf(app), row!);
  return row!;
}

export type CustomerOverrides = Partial<Parameters<typeof insertCustomer>[1]>;

export async function createCustomer(app: App, overrides: CustomerOverrides = {}) {
  const tag = next();
  return insertCustomer(dbOf(app), {
    firstName: 'Alice',
    lastName: `Tremayne${tag}`,
    email: `customer-${tag}@example.com`,
    phone: null,
    addressLine1: '1 Harbour Road',
    town: 'Exeter',
    postcode: 'EX1 1AA',
    ...overrides,
  });
}

export type OrderOverrides = Partial<typeof orders.$inferInsert> & {
  customer?: CustomerOverrides;
  /** With a contractor: whether it accepted (default: when the status is past validated). */
  accepted?: boolean;
  /** Adds the current visit for this engineer (statuses scheduled / in_progress). */
  engineerId?: string;
  visitDate?: string;
};

/**
 * An order in any state: `buildOrder(app, { status: 'scheduled', contractorId, engineerId })`.
 * Missing partner, job type and customer are made; a `created` event is written.
 */
export async function buildOrder(app: App, overrides: OrderOverrides = {}) {
  const db = dbOf(app);
  const { customer: customerOverrides, accepted, engineerId, visitDate, ...values } = overrides;
  const partnerId = values.partnerId ?? (await createPartner(app)).id;
  const jobTypeId = values.jobTypeId ?? (await createJobType(app)).id;
  const customer = values.customerId
    ? {
        id: values.customerId,
        firstName: 'X',
        lastName: 'Y',
        postcode: 'EX1 1AA',
        email: null,
        phone: null,
      }
    : await createCustomer(app, customerOverrides);
  const receivedAt = values.receivedAt ?? new Date();
  const slaTargetDays = values.slaTargetDays ?? 14;
  const deadlines = slaDeadlines(receivedAt, slaTargetDays);
  const orderNumber = values.orderNumber ?? (await nextOrderNumber(db, receivedAt));
  const status = values.status ?? 'received';
  const afterAcceptance = !['received', 'customer_submitted', 'validated'].includes(status);
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber,
      partnerId,
      jobTypeId,
      customerId: customer.id,
      pricePence: 19_900,
      payoutPence: 12_000,
      slaTargetDays,
      slaAtRiskAt: deadlines.atRiskAt,
      slaDueAt: deadlines.dueAt,
      receivedAt,
      contractorOfferedAt: values.contractorId ? receivedAt : null,
      contractorAcceptedAt:
        values.contractorId && (accepted ?? afterAcceptance) ? receivedAt : null,
      searchText: orderSearchText(
        { orderNumber, partnerReference: values.partnerReference ?? null },
        customer,
      ),
      ...values,
      status,
    })
    .returning();
  await db.insert(orderEvents).values({
    orderId: row!.id,
    type: 'created',
    actorRole: 'system',
    actorName: 'Test factory',
    toStatus: row!.status,
    toKitStatus: row!.kitStatus,
    createdAt: receivedAt,
  });
  if (engineerId) {
    await db.insert(visits).values({
      orderId: row!.id,
      contractorId: row!.contractorId!,
      engineerId,
      scheduledDate: visitDate ?? new Date().toISOString().slice(0, 10),
      slot: 'am',
      status: status === 'in_progress' ? 'in_progress' : 'scheduled',
      checkedInAt: status === 'in_progress' ? new Date() : null,
    });
  }
  return row!;
}
