import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import {
  publicLinkPurposes,
  type PublicLinkPurpose,
} from '@shared/public-links/public-links.contracts';
import type { TemplateKind } from '@shared/messages/templates';
import { arrivalWindowWords } from '@shared/visits/on-the-way';
import { undoWindowMs } from '@shared/orders/undo';
import type { Database } from '../../db/client';
import type { DomainEvent } from '../events/events.service';
import { listScheduledVisitsOn } from '../visits/visits.service';
import { wasUndone } from '../orders/projections/customer-messages.projection';
import { claimOnce } from './customer-messages.repository';
import {
  sendLinkMessage,
  sendPortalLinkMessage,
  sendVisitMessage,
} from './customer-messages.service';
import { reminderCron, reminderJob, reminderTimeZone, tomorrowInLondon } from './reminders';

/** The messages module's subscriber name; its deliveries are keyed by it. */
export const customerMessagesSubscriber = 'messages.customer';
/** Its subscriber for the appointment changes that can be undone (sent after the undo window). */
export const customerAppointmentChangesSubscriber = 'messages.customer-appointment-changes';

const visitKinds: Record<string, TemplateKind> = {
  'order.schedule': 'appointment_confirmed',
  'order.reschedule': 'appointment_changed',
  'order.unschedule': 'appointment_cancelled',
  'order.fail': 'visit_failed',
  'order.complete': 'installation_complete',
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Sends tomorrow's reminders, once per visit however often it runs (a `message_once` row per
 * visit, written in the same transaction as the messages). Answers how many visits it reminded.
 */
export async function sendReminders(deps: AppDeps, now = new Date()): Promise<number> {
  const visits = await listScheduledVisitsOn(deps.database.db, tomorrowInLondon(now));
  let sent = 0;
  for (const visit of visits) {
    await inTransaction(deps.database.db, async (tx) => {
      if (!(await claimOnce(tx, `reminder:${visit.id}`))) return;
      await sendVisitMessage(deps, tx, {
        orderId: visit.orderId,
        kind: 'appointment_reminder',
        visitId: visit.id,
      });
      sent += 1;
    });
  }
  return sent;
}

/**
 * A message on every step of an order (PRODUCT.md "Messages"), from the order's events after
 * they commit. The messages are written through the delivery's transaction: once per event.
 */
export const messagesSubscribers: FastifyPluginAsync = fp(async (app) => {
  const deps = app.deps;
  async function handle(event: DomainEvent, tx: Database) {
    const orderId = event.aggregateType === 'order' ? event.aggregateId : text(event.data.orderId);
    if (!orderId) return;
    // An undo and the change it undid are never told (decision 082).
    if (event.data.undoes || (await wasUndone(tx, orderId, event.id))) return;
    switch (event.type) {
      case 'order.created':
        await sendLinkMessage(deps, tx, { orderId, purpose: 'customer_form' });
        return;
      case 'order.dispatch_kit':
        await sendLinkMessage(deps, tx, {
          orderId,
          purpose: 'kit_arrived',
          courier: text(event.data.courier),
          trackingNumber: text(event.data.trackingNumber),
        });
        return;
      case 'order.link_resend_requested': {
        const purpose = text(event.data.purpose);
        if (!publicLinkPurposes.includes(purpose as PublicLinkPurpose)) return;
        await sendLinkMessage(deps, tx, { orderId, purpose: purpose as PublicLinkPurpose });
        return;
      }
      case 'portal.link_requested':
        await sendPortalLinkMessage(deps, tx, { orderId });
        return;
      case 'visit.on_the_way':
        await sendVisitMessage(deps, tx, {
          orderId,
          kind: 'engineer_on_the_way',
          visitId: event.aggregateId,
          values: {
            arrivalWindow: arrivalWindowWords(new Date(text(event.data.at) ?? event.occurredAt)),
          },
        });
        return;
      default: {
        const kind = visitKinds[event.type];
        if (kind) {
          await sendVisitMessage(deps, tx, { orderId, kind, visitId: text(event.data.visitId) });
        }
      }
    }
  }

  await deps.events.subscribe({
    name: customerMessagesSubscriber,
    events: [
      'order.created',
      'order.dispatch_kit',
      'order.link_resend_requested',
      'order.schedule',
      'order.fail',
      'order.complete',
      'visit.on_the_way',
      'portal.link_requested',
    ],
    handle,
  });
  // The changes that can be undone wait until the undo window has closed, so the customer
  // hears of neither the mistake nor its undoing.
  await deps.events.subscribe({
    name: customerAppointmentChangesSubscriber,
    events: ['order.reschedule', 'order.unschedule'],
    delaySeconds: undoWindowMs / 1000 + 5,
    handle,
  });
  await deps.queue.schedule(
    reminderJob,
    reminderCron,
    async () => {
      const count = await sendReminders(deps);
      deps.log.info({ count }, 'appointment reminders sent');
    },
    { tz: reminderTimeZone },
  );
});
