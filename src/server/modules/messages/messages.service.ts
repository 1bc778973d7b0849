import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { SmsProviderError } from '../../adapters/sms/sms.adapter';
import { setSmsOptOutByPhone } from '../customers/customers.service';
import type { Database } from '../../db/client';
import { cursorKeyColumn, type KeyColumn, type ListPaging, listPage } from '../../db/keyset';
import { inTransaction } from '../../db/transaction';
import { publishEvent } from '../events/events.service';
import { messages, type MessageChannel, type MessageRow } from './messages.schema';
import type { ListMessagesQuery, Message } from '@shared/messages/messages.contracts';
import { listMessagesQuerySchema } from '@shared/messages/messages.contracts';

export const sendMessageJob = 'messages.send';
/** One try and five retries, MESSAGE_RETRY_DELAY_SECONDS (10) doubling each time (pg-boss backoff). */
export const messageRetryLimit = 5;

export type NewMessage = {
  channel: MessageChannel;
  kind: string;
  to: string;
  subject?: string;
  body: string;
  /** The body holds a code or a link: blank it once a provider has delivered it. */
  sensitive?: boolean;
  relatedType?: string;
  relatedId?: string;
  /** Not sent, recorded visibly as `suppressed` with this reason (an opt-out). */
  suppressedReason?: string;
};

/** Twilio's error for a number that replied STOP: the number is opted out (decision 031). */
export const smsOptedOutErrorCode = 21610;
export const smsStatusCallbackPath = '/api/webhooks/sms/status';

/**
 * Records a message and hands it to the background sender. With no provider configured for
 * its channel, the row is the delivery (the outbox back office reads) and is logged.
 */
export async function queueMessage(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>,
  message: NewMessage,
  options: { tx?: Database } = {},
): Promise<MessageRow> {
  const { adapters } = deps;
  const provider = message.channel === 'email' ? adapters.mail.kind : adapters.sms.kind;
  const outbox = provider === 'outbox';
  const now = new Date();
  const suppressed = message.suppressedReason !== undefined;
  const [row] = await (options.tx ?? deps.database.db)
    .insert(messages)
    .values({
      channel: message.channel,
      kind: message.kind,
      to: message.to,
      subject: message.subject ?? null,
      body: message.body,
      sensitive: message.sensitive ?? false,
      provider,
      status: suppressed ? 'suppressed' : outbox ? 'sent' : 'queued',
      sentAt: outbox && !suppressed ? now : null,
      lastError: message.suppressedReason ?? null,
      relatedType: message.relatedType ?? null,
      relatedId: message.relatedId ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into messages returned nothing');
  if (suppressed) return row;
  if (outbox) {
    // Logged without the body: codes and links stay out of the logs (PRODUCT.md).
    deps.log.info(
      { messageId: row.id, channel: row.channel, kind: row.kind, to: row.to },
      'message kept in the outbox (no provider configured): read it at GET /api/messages',
    );
    return row;
  }
  const send = () =>
    deps.queue.send(
      sendMessageJob,
      { messageId: row.id },
      {
        retryLimit: messageRetryLimit,
        retryDelay: deps.config.MESSAGE_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        // Inside a transaction the row is not visible until it commits; a job that finds no
        // row throws and is retried.
        ...(options.tx ? { startAfter: 1 } : {}),
      },
    );
  if (options.tx) {
    // Not awaited: on a single-connection database (PGlite) the queue's insert waits for the
    // open transaction, which must not wait for it in turn (decision 029).
    void send().catch((error: unknown) =>
      deps.log.error({ err: error, messageId: row.id }, 'could not queue a message'),
    );
  } else {
    await send();
  }
  return row;
}

/** The background job: one delivery attempt. Throws on failure so that pg-boss retries. */
export async function deliverMessage(
  deps: Pick<AppDeps, 'database' | 'adapters' | 'config'>,
  messageId: string,
): Promise<void> {
  const db = deps.database.db;
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  // Queued inside a transaction that has not committed yet: try again later.
  if (!row) throw new Error(`message ${messageId} not found (yet)`);
  if (row.status !== 'queued') return;
  const attempts = row.attempts + 1;
  const { adapters } = deps;
  try {
    const result =
      row.channel === 'email'
        ? await adapters.mail.send({ to: row.to, subject: row.subject ?? '', text: row.body })
        : await adapters.sms.send({
            to: row.to,
            body: row.body,
            statusCallback: `${deps.config.PUBLIC_URL}${smsStatusCallbackPath}`,
          });
    await db
      .update(messages)
      .set({
        status: 'sent',
        attempts,
        sentAt: new Date(),
        updatedAt: new Date(),
        providerMessageId: result.providerMessageId,
        lastError: null,
        ...(row.sensitive ? { body: '' } : {}),
      })
      .where(eq(messages.id, row.id));
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    if (error instanceof SmsProviderError && error.code === smsOptedOutErrorCode) {
      // The number replied STOP at the provider: no retry, and no more texts to it.
      await inTransaction(db, async (tx) => {
        await tx
          .update(messages)
          .set({
            attempts,
            lastError: lastError.slice(0, 1000),
            status: 'failed',
            updatedAt: new Date(),
          })
          .where(eq(messages.id, row.id));
        await publishMessageFailed(tx, row, lastError);
      });
      await setSmsOptOutByPhone(db, row.to, true);
      return;
    }
    const failed = attempts > messageRetryLimit;
    await inTransaction(db, async (tx) => {
      await tx
        .update(messages)
        .set({
          attempts,
          lastError: lastError.slice(0, 1000),
          status: failed ? 'failed' : 'queued',
          updatedAt: new Date(),
        })
        .where(eq(messages.id, row.id));
      if (failed) await publishMessageFailed(tx, row, lastError);
    });
    throw error;
  }
}

/**
 * A message given up on (no more retries, or the provider's final word): the domain event
 * `message.failed`, which back office is told of (issue 25). Written with the status change.
 */
export async function publishMessageFailed(
  tx: Database,
  row: Pick<MessageRow, 'id' | 'channel' | 'kind' | 'to' | 'relatedType' | 'relatedId'>,
  error: string | null,
) {
  await publishEvent(tx, {
    type: 'message.failed',
    aggregateType: 'message',
    aggregateId: row.id,
    data: {
      channel: row.channel,
      kind: row.kind,
      orderId: row.relatedType === 'order' ? row.relatedId : null,
      error: error?.slice(0, 300) ?? null,
    },
  });
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    body: row.body,
    status: row.status,
    provider: row.provider,
    attempts: row.attempts,
    lastError: row.lastError,
    orderId: row.relatedType === 'order' ? row.relatedId : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

const messageKeys: KeyColumn[] = [
  { sql: sql`${messages.createdAt}`, type: 'timestamptz' },
  { sql: sql`${messages.id}`, type: 'uuid' },
];

/** The message log, newest first, by keyset (or bounded page number), and its total. */
export async function listMessages(db: Database, paging: ListPaging, rawQuery: ListMessagesQuery) {
  const query = listMessagesQuerySchema.parse(rawQuery);
  const conditions: SQL[] = [];
  if (query.channel) conditions.push(eq(messages.channel, query.channel));
  if (query.status) conditions.push(eq(messages.status, query.status));
  if (query.kind) conditions.push(eq(messages.kind, query.kind));
  if (query.to) conditions.push(ilike(messages.to, `%${query.to.replace(/[%_\\]/g, '\\$&')}%`));
  if (query.orderId) {
    conditions.push(eq(messages.relatedType, 'order'), eq(messages.relatedId, query.orderId));
  }
  if (query.from) conditions.push(gte(messages.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.until) {
    const end = new Date(`${query.until}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(messages.createdAt, end));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const page = await listPage(
    db,
    paging,
    { name: 'messages', keys: messageKeys, table: messages, where, searched: !!query.to },
    query,
    (request) =>
      db
        .select({ message: messages, cursorKey: cursorKeyColumn(messageKeys) })
        .from(messages)
        .where(request.after ? and(where, request.after) : where)
        .orderBy(...request.orderBy)
        .limit(request.limit)
        .offset(request.offset),
  );
  return {
    rows: page.rows.map((row) => row.message),
    total: page.total,
    totalIsEstimate: page.totalIsEstimate,
    totalIsLowerBound: page.totalIsLowerBound,
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findMessage(db: Database, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}
