import type { AppDeps } from '../app-deps';
import { deliverMessage, sendMessageJob } from '../modules/messages/messages.service';
import { apiLogCutoff, pruneApiRequestLog } from '../modules/partner-api/partner-api.service';
import { pruneWebhookLog } from '../modules/webhooks/webhooks.service';

/** Days a handed-over domain event stays in the outbox (deliveries that failed stay longer). */
export const domainEventRetentionDays = 30;

/** Every background job's handler and schedule, registered with the queue before it starts. */
export async function registerJobs(deps: AppDeps): Promise<void> {
  await deps.queue.register<{ messageId: string }>(sendMessageJob, (data) =>
    deliverMessage(deps, data.messageId),
  );
  // Nightly, in UK time: the outbox keeps what it handed over for a month, then forgets it.
  await deps.queue.schedule('events.prune', '30 3 * * *', async () => {
    const deleted = await deps.events.prune(domainEventRetentionDays);
    if (deleted > 0) deps.log.info({ deleted }, 'pruned handed-over domain events');
  });
  // Hourly: the partner API's request log and the webhook delivery log keep what the retention
  // setting says (issue 14). The schedule keeps its first name: it is stored in the database.
  await deps.queue.schedule('partner-api.prune-request-log', '15 * * * *', async () => {
    const db = deps.database.db;
    const requests = await pruneApiRequestLog(db);
    const attempts = await pruneWebhookLog(db, await apiLogCutoff(db));
    if (requests + attempts > 0) deps.log.info({ requests, attempts }, 'pruned the API logs');
  });
}
