import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageOnce, messages, messageTemplates } from './messages.schema';
import type { TemplateChannel, TemplateKind } from '@shared/messages/templates';

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

/** The SMS with this provider id, as it stands (before a delivery report changes it). */
export async function findSmsByProviderId(db: Database, providerMessageId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.providerMessageId, providerMessageId), eq(messages.channel, 'sms')))
    .limit(1);
  return row ?? null;
}
