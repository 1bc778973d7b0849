import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  notificationEventTypes,
  notifyForEvent,
  notifySlaAtRisk,
  pruneReadNotifications,
  sendDigests,
} from './notifications.service';
import { closeNotificationStreams } from './notifications-stream.service';

/** The notifications module's subscriber name; its deliveries are keyed by it. */
export const notificationsSubscriber = 'notifications.people';
export const slaAtRiskJob = 'notifications.sla-at-risk';
export const hourlyDigestJob = 'notifications.digest-hourly';
export const dailyDigestJob = 'notifications.digest-daily';
export const pruneNotificationsJob = 'notifications.prune-read';

/**
 * Issue 25 (decision 080): the order events that concern someone become their notifications,
 * in the event delivery's transaction (once per event); schedules for the SLA sweep, the email
 * digests and pruning.
 */
export const notificationsSubscribers: FastifyPluginAsync = fp(async (app) => {
  const deps = app.deps;
  // Open streams never end by themselves: the server ends them as it closes.
  app.addHook('preClose', async () => {
    await closeNotificationStreams(deps.database);
  });
  await deps.events.subscribe({
    name: notificationsSubscriber,
    events: notificationEventTypes,
    async handle(event, tx) {
      await notifyForEvent(tx, event);
    },
  });
  await deps.queue.schedule(slaAtRiskJob, '*/15 * * * *', async () => {
    const made = await notifySlaAtRisk(deps);
    if (made > 0) deps.log.info({ made }, 'told back office of orders whose SLA is at risk');
  });
  await deps.queue.schedule(hourlyDigestJob, '5 * * * *', async () => {
    const sent = await sendDigests(deps, 'hourly');
    if (sent > 0) deps.log.info({ sent }, 'sent hourly notification digests');
  });
  await deps.queue.schedule(dailyDigestJob, '0 7 * * *', async () => {
    const sent = await sendDigests(deps, 'daily');
    if (sent > 0) deps.log.info({ sent }, 'sent daily notification digests');
  });
  await deps.queue.schedule(pruneNotificationsJob, '45 3 * * *', async () => {
    const deleted = await pruneReadNotifications(deps.database.db);
    if (deleted > 0) deps.log.info({ deleted }, 'pruned read notifications');
  });
});
