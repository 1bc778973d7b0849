import { and, eq, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contractors } from '../modules/contractors/contractors.schema';
import { customers } from '../modules/customers/customers.schema';
import { jobTypes } from '../modules/job-types/job-types.schema';
import { messages } from '../modules/messages/messages.schema';
import { appMeta } from '../db/meta.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import { demoCompany } from './company.seed';
import { demoContractors, demoCustomer, demoJobTypes, demoPartners } from './orders.seed';
import { readSeedRecord } from './seed';
import { demoAccounts } from './users.seed';

export type DemoRemoval = {
  /** False when the database holds no demo data (never seeded with it, or already removed). */
  hadDemoData: boolean;
  users: number;
  orders: number;
  customers: number;
  partners: number;
  jobTypes: number;
  contractors: number;
  messages: number;
  /** Demo rows kept because real work refers to them (named, so the operator can look). */
  kept: string[];
};

/** Every demo sign-in and the demo contractors' engineers (invited, never signed in). */
export function demoUserEmails(): string[] {
  return [
    ...demoAccounts.map((account) => account.email),
    ...demoContractors.flatMap((contractor) => contractor.engineers.map((e) => e.email)),
  ];
}

/**
 * `npm run cli -- demo:remove` (issue 9; docs/decisions/023-demo-data-and-deployment.md).
 * Removes, in one transaction, what the first-start seed added:
 * - the orders it made (created no later than the seed; their visits and events go with them)
 *   and the customers it made that no other order uses;
 * - the demo accounts and engineers (sessions, codes and links go with them);
 * - the demo partners, job types and contractors, unless real orders use them (then kept and
 *   reported: the operator decides);
 * - the messages to or about any of these, and the demo company details.
 * The audit log is kept (it is the record of what happened, demo or not).
 */
export async function removeDemoData(db: Database): Promise<DemoRemoval> {
  const record = await readSeedRecord(db);
  const result: DemoRemoval = {
    hadDemoData: !!record?.demo,
    users: 0,
    orders: 0,
    customers: 0,
    partners: 0,
    jobTypes: 0,
    contractors: 0,
    messages: 0,
    kept: [],
  };
  if (!record?.demo) return result;
  const seededAt = new Date(record.at);

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const emails = demoUserEmails();
    const demoUsers = await tx
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(inArray(users.email, emails));
    const demoUserIds = demoUsers.map((u) => u.id);

    const demoOrders = await tx
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(lte(orders.createdAt, seededAt));
    const demoOrderIds = demoOrders.map((o) => o.id);

    // Messages to or about demo people and orders.
    const addresses = [
      ...emails,
      demoCustomer.email,
      ...demoUsers.map((u) => u.phone).filter((p): p is string => !!p),
    ];
    const relatedIds = [...demoUserIds, ...demoOrderIds];
    const deletedMessages = await tx
      .delete(messages)
      .where(
        or(
          inArray(messages.to, addresses),
          relatedIds.length > 0 ? inArray(messages.relatedId, relatedIds) : undefined,
        ),
      )
      .returning({ id: messages.id });
    result.messages = deletedMessages.length;

    if (demoOrderIds.length > 0) {
      const deleted = await tx
        .delete(orders)
        .where(inArray(orders.id, demoOrderIds))
        .returning({ id: orders.id });
      result.orders = deleted.length;
    }

    const deletedCustomers = await tx
      .delete(customers)
      .where(
        and(
          lte(customers.createdAt, seededAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(orders)
              .where(eq(orders.customerId, customers.id)),
          ),
        ),
      )
      .returning({ id: customers.id });
    result.customers = deletedCustomers.length;

    // A demo account that real visits name stays, but can no longer sign in.
    for (const user of demoUsers) {
      const [used] = await tx
        .select({ id: visits.id })
        .from(visits)
        .where(eq(visits.engineerId, user.id))
        .limit(1);
      if (used) {
        await tx
          .update(users)
          .set({ status: 'disabled', passwordHash: null, phone: null })
          .where(eq(users.id, user.id));
        result.kept.push(`user ${user.email} (disabled: real visits name this engineer)`);
      } else {
        await tx.delete(users).where(eq(users.id, user.id));
        result.users += 1;
      }
    }

    const unusedBy = (
      column: typeof orders.contractorId | typeof orders.partnerId | typeof orders.jobTypeId,
      id: typeof contractors.id | typeof partners.id | typeof jobTypes.id,
    ) =>
      notExists(
        tx
          .select({ one: sql`1` })
          .from(orders)
          .where(eq(column, id)),
      );

    const contractorNames = demoContractors.map((c) => c.name);
    const deletedContractors = await tx
      .delete(contractors)
      .where(
        and(
          inArray(contractors.name, contractorNames),
          unusedBy(orders.contractorId, contractors.id),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(visits)
              .where(eq(visits.contractorId, contractors.id)),
          ),
        ),
      )
      .returning({ name: contractors.name });
    result.contractors = deletedContractors.length;
    for (const name of contractorNames) {
      if (!deletedContractors.some((c) => c.name === name)) {
        const [still] = await tx
          .select({ id: contractors.id })
          .from(contractors)
          .where(eq(contractors.name, name));
        if (still) result.kept.push(`contractor ${name} (real orders use it)`);
      }
    }

    const partnerCodes = demoPartners.map((p) => p.code);
    const deletedPartners = await tx
      .delete(partners)
      .where(and(inArray(partners.code, partnerCodes), unusedBy(orders.partnerId, partners.id)))
      .returning({ code: partners.code });
    result.partners = deletedPartners.length;
    const keptPartners = await tx
      .select({ code: partners.code })
      .from(partners)
      .where(inArray(partners.code, partnerCodes));
    for (const p of keptPartners) result.kept.push(`partner ${p.code} (real orders use it)`);

    const jobTypeCodes = demoJobTypes.map((j) => j.code);
    const deletedJobTypes = await tx
      .delete(jobTypes)
      .where(and(inArray(jobTypes.code, jobTypeCodes), unusedBy(orders.jobTypeId, jobTypes.id)))
      .returning({ code: jobTypes.code });
    result.jobTypes = deletedJobTypes.length;
    const keptJobTypes = await tx
      .select({ code: jobTypes.code })
      .from(jobTypes)
      .where(inArray(jobTypes.code, jobTypeCodes));
    for (const j of keptJobTypes) result.kept.push(`job type ${j.code} (real orders use it)`);

    // The demo company details, unless someone has changed them since.
    await tx
      .delete(appMeta)
      .where(
        and(
          eq(appMeta.key, 'company'),
          sql`${appMeta.value} = ${JSON.stringify(demoCompany)}::jsonb`,
        ),
      );

    await tx
      .update(appMeta)
      .set({
        value: { ...record, demo: false, demoRemovedAt: new Date().toISOString() },
        updatedAt: new Date(),
      })
      .where(eq(appMeta.key, 'seed'));
  });
  return result;
}

/** The CLI's report of a removal, one fact a line. */
export function describeDemoRemoval(result: DemoRemoval): string {
  if (!result.hadDemoData) return 'This database has no demo data; nothing removed.';
  const lines = [
    'Demo data removed:',
    `  ${result.users} demo accounts`,
    `  ${result.orders} orders (with their visits and events), ${result.customers} customers`,
    `  ${result.partners} partners, ${result.jobTypes} job types, ${result.contractors} contractors`,
    `  ${result.messages} messages`,
  ];
  if (result.kept.length > 0) {
    lines.push('Kept, because real work refers to them:', ...result.kept.map((k) => `  ${k}`));
  }
  return lines.join('\n');
}
