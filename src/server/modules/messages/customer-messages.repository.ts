import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { messageOnce, messages, messageTemplates } from '../../db/schema/messages';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import type { TemplateChannel, TemplateKind } from '@shared/messages/templates';

export async function findOrderRecipient(db: Database, orderId: string) {
  const [row] = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      smsOptOut: customers.smsOptOut,
      emailOptOut: customers.emailOptOut,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}
export type OrderRecipient = NonNullable<Awaited<ReturnType<typeof findOrderRecipient>>>;

/** A visit as the messages read it: when, its state, and its engineer's first name. */
const visitColumns = {
  id: visits.id,
  orderId: visits.orderId,
  engineerId: visits.engineerId,
  scheduledDate: visits.scheduledDate,
  slot: visits.slot,
  status: visits.status,
  engineerFirstName: users.firstName,
};

/** The order's latest visit with its engineer's first name. */
export async function findLatestVisit(db: Database, orderId: string) {
  const [row] = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(users, eq(users.id, visits.engineerId))
    .where(eq(visits.orderId, orderId))
    .orderBy(desc(visits.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findVisit(db: Database, visitId: string) {
  const [row] = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(users, eq(users.id, visits.engineerId))
    .where(eq(visits.id, visitId))
    .limit(1);
  return row ?? null;
}

export async function listScheduledVisitsOn(db: Database, date: string) {
  return db
    .select({ id: visits.id, orderId: visits.orderId })
    .from(visits)
    .where(and(eq(visits.scheduledDate, date), eq(visits.status, 'scheduled')));
}

export async function findTemplateOverrides(db: Database) {
  return db.select().from(messageTemplates);
}

export async function findTemplateOverride(
  db: Database,
  kind: TemplateKind,
  channel: TemplateChannel,
) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.kind, kind), eq(messageTemplates.channel, channel)))
    .limit(1);
  return row ?? null;
}

export async function upsertTemplate(
  db: Database,
  row: {
    kind: TemplateKind;
    channel: TemplateChannel;
    subject: string | null;
    body: string;
    updatedBy: string | null;
  },
) {
  const now = new Date();
  await db
    .insert(messageTemplates)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [messageTemplates.kind, messageTemplates.channel],
      set: { subject: row.subject, body: row.body, updatedBy: row.updatedBy, updatedAt: now },
    });
}

/** True the first time a key is claimed (inside the caller's transaction). */
export async function claimOnce(db: Database, key: string): Promise<boolean> {
  const rows = await db
    .insert(messageOnce)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: messageOnce.key });
  return rows.length > 0;
}

export async function setSmsOptOutByPhone(db: Database, phone: string, optOut: boolean) {
  const rows = await db
    .update(customers)
    .set({ smsOptOut: optOut, updatedAt: new Date() })
    .where(eq(customers.phone, phone))
    .returning({ id: customers.id });
  return rows.length;
}

export async function updateStatusByProviderId(
  db: Database,
  providerMessageId: string,
  status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed',
  lastError: string | null,
) {
  const rows = await db
    .update(messages)
    .set({ status, updatedAt: new Date(), ...(lastError ? { lastError } : {}) })
    .where(
      and(
        eq(messages.providerMessageId, providerMessageId),
        eq(messages.channel, 'sms'),
        // Callbacks can arrive out of order: a final status is never taken back to a passing one.
        status === 'queued' || status === 'sent'
          ? inArray(messages.status, ['queued', 'sent'])
          : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

export async function findOrderIdsByNumbers(db: Database, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.orderNumber, numbers));
}
