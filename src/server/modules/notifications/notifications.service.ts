import type {
  DigestFrequency,
  Notification,
  NotificationKind,
  NotificationSettings,
} from '@shared/notifications/notifications.contracts';
import {
  notificationPageSize,
  type listNotificationsQuery,
} from '@shared/notifications/notifications.contracts';
import type { z } from 'zod';
import { visitWhen } from '@shared/contractor-engineers/visit-labels';
import {
  failureReasonLabels,
  type FailureReason,
  type VisitSlot,
} from '@shared/orders/order-status';
import { messageKindWords } from '@shared/status-words';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../errors';
import type { DomainEvent } from '../events/events.service';
import { queueMessage } from '../messages/messages.service';
import {
  findOrderNumbers,
  findOrderScope,
  listOrdersTurnedAtRisk,
} from '../orders/order-lookup.service';
import {
  findActivePeople,
  findUserById,
  listBackOfficePeople,
  listContractorPeople,
} from '../users/user-lookup.service';
import {
  claimDigestItems,
  countUnread,
  deleteReadBefore,
  findSettings,
  insertNotifications,
  listDigestRecipients,
  listNotificationsOf,
  markAllRead,
  markRead,
  upsertSettings,
} from './notifications.repository';
import type { NewNotificationRow, NotificationRow } from './notifications.schema';

// Issue 25, decision 080: who is told of what. Each order event that concerns someone becomes
// one notification per person, written in the event delivery's transaction (once per event).

export const notificationEventTypes = [
  'order.assign',
  'order.reschedule_requested',
  'order.cancel',
  'order.schedule',
  'order.reschedule',
  'order.unschedule',
  'order.decline',
  'order.fail',
  'message.failed',
  'note.created',
] as const;

type Draft = Omit<NewNotificationRow, 'key' | 'userId'> & { kind: NotificationKind };
type Recipient = { userId: string; key: string; draft: Draft };

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const backOfficeOrderLink = (orderId: string) => `/orders/${orderId}`;
const contractorOrderLink = (orderId: string) => `/contractor/orders/${orderId}`;
const engineerVisitLink = (visitId: string) => `/engineer/visits/${visitId}`;

function when(value: Record<string, unknown>): string {
  const date = text(value.date);
  const slot = text(value.slot) as VisitSlot | null;
  return date && slot ? visitWhen({ scheduledDate: date, slot }) : '';
}

/** Everyone in the list, the actor excepted: nobody is told of what they did themselves. */
function toEach(
  people: readonly { id: string }[],
  event: DomainEvent,
  kind: NotificationKind,
  draft: Omit<Draft, 'kind'>,
): Recipient[] {
  const actor = text(event.data.actorUserId);
  return people
    .filter((person) => person.id !== actor)
    .map((person) => ({
      userId: person.id,
      key: `event:${event.id}:${kind}`,
      draft: { ...draft, kind },
    }));
}

async function engineer(db: Database, id: unknown) {
  const engineerId = text(id);
  if (!engineerId) return [];
  const found = await findActivePeople(db, [engineerId]);
  return [...found.values()];
}

/** The notifications an event makes: who, and what each is told. */
export async function recipientsOf(db: Database, event: DomainEvent): Promise<Recipient[]> {
  if (event.type === 'message.failed') return messageFailed(db, event);
  if (event.type === 'note.created') return noteMentions(db, event);
  if (event.aggregateType !== 'order') return [];
  const orderId = event.aggregateId;
  const orderNumber = (await findOrderNumbers(db, [orderId])).get(orderId);
  if (!orderNumber) return [];
  const data = event.data;
  const reason = text(data.reason);
  const base = { orderId };

  switch (event.type) {
    case 'order.assign': {
      const contractorId = text(data.contractorId);
      if (!contractorId) return [];
      return toEach(await listContractorPeople(db, contractorId), event, 'offer_new', {
        ...base,
        title: `New offer: ${orderNumber}`,
        body: 'Accept or decline it on the order.',
        link: contractorOrderLink(orderId),
      });
    }
    case 'order.reschedule_requested': {
      const order = await findOrderScope(db, orderId);
      if (!order?.contractorId) return [];
      const dates = Array.isArray(data.dates)
        ? data.dates.filter((date): date is string => typeof date === 'string')
        : [];
      const people = await listContractorPeople(db, order.contractorId);
      return toEach(people, event, 'reschedule_requested', {
        ...base,
        title: `Reschedule requested: ${orderNumber}`,
        body: [dates.length > 0 ? `Could do: ${dates.join(', ')}` : '', text(data.note) ?? '']
          .filter(Boolean)
          .join(' · '),
        link: contractorOrderLink(orderId),
      });
    }
    case 'order.cancel': {
      const order = await findOrderScope(db, orderId);
      const out: Recipient[] = [];
      const because = reason ? `Reason: ${reason}` : '';
      if (order?.contractorId) {
        out.push(
          ...toEach(await listContractorPeople(db, order.contractorId), event, 'order_cancelled', {
            ...base,
            title: `Order cancelled: ${orderNumber}`,
            body: because,
            link: contractorOrderLink(orderId),
          }),
        );
      }
      const visits = Array.isArray(data.cancelledVisits) ? data.cancelledVisits.map(record) : [];
      for (const visit of visits) {
        out.push(
          ...toEach(await engineer(db, visit.engineerId), event, 'visit_cancelled', {
            ...base,
            title: `Visit cancelled: ${orderNumber}`,
            body: [when(visit), 'The order was cancelled.'].filter(Boolean).join(' · '),
            link: '/engineer',
          }).map((recipient) => ({
            ...recipient,
            key: `${recipient.key}:${String(visit.visitId)}`,
          })),
        );
      }
      return out;
    }
    case 'order.schedule': {
      const visitId = text(data.visitId);
      return toEach(await engineer(db, data.engineerId), event, 'visit_added', {
        ...base,
        title: `New visit: ${orderNumber}`,
        body: when(data),
        link: visitId ? engineerVisitLink(visitId) : '/engineer',
      });
    }
    case 'order.reschedule': {
      const visitId = text(data.visitId);
      const from = record(data.from);
      const to = record(data.to);
      const link = visitId ? engineerVisitLink(visitId) : '/engineer';
      if (text(from.engineerId) === text(to.engineerId)) {
        return toEach(await engineer(db, to.engineerId), event, 'visit_moved', {
          ...base,
          title: `Visit moved: ${orderNumber}`,
          body: `${when(from)} → ${when(to)}`,
          link,
        });
      }
      return [
        ...toEach(await engineer(db, from.engineerId), event, 'visit_cancelled', {
          ...base,
          title: `Visit taken off your list: ${orderNumber}`,
          body: [when(from), 'Given to another engineer.'].filter(Boolean).join(' · '),
          link: '/engineer',
        }),
        ...toEach(await engineer(db, to.engineerId), event, 'visit_added', {
          ...base,
          title: `New visit: ${orderNumber}`,
          body: when(to),
          link,
        }),
      ];
    }
    case 'order.unschedule':
      return toEach(await engineer(db, data.engineerId), event, 'visit_cancelled', {
        ...base,
        title: `Visit cancelled: ${orderNumber}`,
        body: when(data),
        link: '/engineer',
      });
    case 'order.decline': {
      const contractor = text(data.contractorName) ?? 'The contractor';
      return toEach(await listBackOfficePeople(db), event, 'offer_declined', {
        ...base,
        title: `Offer declined: ${orderNumber}`,
        body: `${contractor} declined${reason ? `: ${reason}` : '.'}`,
        link: backOfficeOrderLink(orderId),
      });
    }
    case 'order.fail': {
      const why = failureReasonLabels[text(data.failureReason) as FailureReason];
      return toEach(await listBackOfficePeople(db), event, 'visit_failed', {
        ...base,
        title: `Visit failed: ${orderNumber}`,
        body: [why, reason].filter(Boolean).join(' · '),
        link: backOfficeOrderLink(orderId),
      });
    }
    default:
      return [];
  }
}

async function messageFailed(db: Database, event: DomainEvent): Promise<Recipient[]> {
  // A failed digest tells nobody: it would make the next digest, and so on.
  if (text(event.data.kind) === digestMessageKind) return [];
  const orderId = text(event.data.orderId);
  const orderNumber = orderId ? (await findOrderNumbers(db, [orderId])).get(orderId) : undefined;
  const channel = text(event.data.channel) === 'sms' ? 'Text' : 'Email';
  return toEach(await listBackOfficePeople(db), event, 'message_failed', {
    orderId: orderNumber ? orderId : null,
    title: `${channel} not delivered${orderNumber ? `: ${orderNumber}` : ''}`,
    body: [messageKindWords(text(event.data.kind) ?? ''), text(event.data.error)]
      .filter(Boolean)
      .join(' · '),
    link: orderNumber && orderId ? backOfficeOrderLink(orderId) : '/sms-settings',
  });
}

async function noteMentions(db: Database, event: DomainEvent): Promise<Recipient[]> {
  const orderId = text(event.data.orderId);
  const ids = Array.isArray(event.data.mentionUserIds)
    ? event.data.mentionUserIds.filter((id): id is string => typeof id === 'string')
    : [];
  if (!orderId || ids.length === 0) return [];
  const orderNumber = (await findOrderNumbers(db, [orderId])).get(orderId);
  if (!orderNumber) return [];
  const backOffice = new Set((await listBackOfficePeople(db)).map((person) => person.id));
  const people = [...(await findActivePeople(db, ids)).values()];
  const author = text(event.data.authorName) ?? 'Someone';
  const excerpt = (text(event.data.body) ?? '').replace(/\s+/g, ' ').slice(0, 160);
  return toEach(people, event, 'note_mention', {
    orderId,
    title: `${author} mentioned you on ${orderNumber}`,
    body: excerpt,
    link: '',
  }).map((recipient) => ({
    ...recipient,
    draft: {
      ...recipient.draft,
      link: `${backOffice.has(recipient.userId) ? backOfficeOrderLink(orderId) : contractorOrderLink(orderId)}#notes`,
    },
  }));
}

/** The subscriber's effect: the event's notifications, in the delivery's transaction. */
export async function notifyForEvent(tx: Database, event: DomainEvent): Promise<number> {
  const recipients = await recipientsOf(tx, event);
  const made = await insertNotifications(
    tx,
    recipients.map(({ userId, key, draft }) => ({ ...draft, userId, key })),
  );
  return made.length;
}

/** How long, after an order turns at risk, the sweep still tells back office of it. */
const slaLookBackHours = 24;

/**
 * Back office is told once per order when its SLA passes the at-risk point (75 % of the
 * target) and has not yet breached (issue 25). Run every quarter hour; the key makes it once.
 */
export async function notifySlaAtRisk(deps: Pick<AppDeps, 'database'>, now = new Date()) {
  const db = deps.database.db;
  const orders = await listOrdersTurnedAtRisk(db, now, slaLookBackHours);
  if (orders.length === 0) return 0;
  const people = await listBackOfficePeople(db);
  const due = (at: Date) => `${at.toISOString().slice(8, 10)}/${at.toISOString().slice(5, 7)}`;
  const rows: NewNotificationRow[] = orders.flatMap((order) =>
    people.map((person) => ({
      userId: person.id,
      key: `sla:${order.id}`,
      kind: 'sla_at_risk' as const,
      title: `SLA at risk: ${order.orderNumber}`,
      body: `Due by ${due(order.dueAt)}; past 75 % of its target.`,
      link: backOfficeOrderLink(order.id),
      orderId: order.id,
    })),
  );
  let made = 0;
  for (let i = 0; i < rows.length; i += 500) {
    made += (await insertNotifications(db, rows.slice(i, i + 500))).length;
  }
  return made;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

type ListNotificationsFilter = z.output<typeof listNotificationsQuery>;

export async function listNotifications(
  db: Database,
  userId: string,
  query: ListNotificationsFilter,
) {
  const rows = await listNotificationsOf(db, userId, {
    unread: query.unread,
    before: query.before,
    limit: notificationPageSize + 1,
  });
  if (!rows) throw badRequest('before names no notification of yours', { before: ['Unknown'] });
  return {
    notifications: rows.slice(0, notificationPageSize).map(toNotification),
    unreadCount: await countUnread(db, userId),
    more: rows.length > notificationPageSize,
  };
}

export { countUnread };

export async function readNotification(db: Database, userId: string, id: string) {
  const row = await markRead(db, userId, id, new Date());
  if (!row) throw notFound('Notification not found');
  return { notification: toNotification(row), unreadCount: await countUnread(db, userId) };
}

export async function readAllNotifications(db: Database, userId: string) {
  await markAllRead(db, userId, new Date());
  return { unreadCount: 0 };
}

export async function getNotificationSettings(
  db: Database,
  userId: string,
): Promise<NotificationSettings> {
  const row = await findSettings(db, userId);
  return { emailDigest: row?.emailDigest ?? 'off' };
}

export async function saveNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await upsertSettings(db, userId, settings.emailDigest, new Date());
  return getNotificationSettings(db, userId);
}

export const digestMessageKind = 'notification_digest';

export const digestSubject = (count: number) =>
  `Uplink: ${count} unread ${count === 1 ? 'notification' : 'notifications'}`;

/**
 * The email digest (issue 25): to each person whose setting is this frequency, one email
 * listing their unread notifications that no digest listed yet, through the messages outbox
 * and its send job. Each notification is in at most one digest. Answers the emails queued.
 */
export async function sendDigests(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>,
  frequency: Exclude<DigestFrequency, 'off'>,
  now = new Date(),
): Promise<number> {
  const db = deps.database.db;
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  let sent = 0;
  for (const userId of await listDigestRecipients(db, frequency)) {
    const user = await findUserById(db, userId);
    if (!user || user.status !== 'active') continue;
    await inTransaction(db, async (tx) => {
      const items = await claimDigestItems(tx, userId, now);
      if (items.length === 0) return;
      const body = [
        `Hello ${user.firstName || user.email},`,
        '',
        `You have ${items.length} unread ${items.length === 1 ? 'notification' : 'notifications'} in Uplink:`,
        '',
        ...items.flatMap((item) => [
          `- ${item.title}${item.body ? ` (${item.body})` : ''}`,
          `  ${base}${item.link}`,
        ]),
        '',
        `Change how often you get this email, or turn it off: ${base}/notifications`,
      ].join('\n');
      await queueMessage(
        deps,
        {
          channel: 'email',
          kind: digestMessageKind,
          to: user.email,
          subject: digestSubject(items.length),
          body,
          relatedType: 'user',
          relatedId: userId,
        },
        { tx },
      );
      sent += 1;
    });
  }
  return sent;
}

/** Read notifications are kept this long. */
export const readNotificationRetentionDays = 90;

export function pruneReadNotifications(db: Database, now = new Date()) {
  return deleteReadBefore(db, new Date(now.getTime() - readNotificationRetentionDays * 86_400_000));
}
