import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from './messages.schema';

export const anonymisedRecipient = 'anonymised';
export const anonymisedMessageText = 'Removed when the customer was anonymised.';

/**
 * A customer anonymised (issue 21): the messages about their orders stay in the log (kind,
 * channel, status and dates count for the reports) but lose the address, phone and the text,
 * which named them and their home.
 */
export async function anonymiseMessagesOfOrders(tx: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .update(messages)
    .set({
      to: anonymisedRecipient,
      subject: null,
      body: anonymisedMessageText,
      lastError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(messages.relatedType, 'order'), inArray(messages.relatedId, [...orderIds])))
    .returning({ id: messages.id });
  return rows.length;
}
