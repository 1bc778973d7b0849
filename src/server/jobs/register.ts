import type { AppDeps } from '../app-deps';
import { anonymiseCustomersPastRetention } from '../modules/customers/customer-data.service';
import { deleteUnattachedCustomerPhotos } from '../modules/customer-links/customer-photos.service';
import { deliverMessage, sendMessageJob } from '../modules/messages/messages.service';
import { apiLogCutoff, pruneApiRequestLog } from '../modules/partner-api/partner-api.service';
import {
  sweepStoredFilesJob,
  sweepUnreferencedFiles,
} from '../modules/stored-files/stored-files.service';
import { pruneWebhookLog } from '../modules/webhooks/webhooks.service';
import {
  createBackupJob,
  runBackup,
  runScheduledBackup,
  scheduledBackupJob,
} from '../modules/backup/backup.service';
import { sendLowStockEmail } from '../modules/stock/low-stock.service';
import { embeddedUpkeepJob, upkeepEmbeddedDatabase } from '../db/embedded-upkeep';

/** Days a handed-over domain event stays in the outbox (deliveries that failed stay longer). */
export const domainEventRetentionDays = 30;
/** The hourly clean-up of customer photos no sent form took (issue 18). */
export const customerPhotoSweepJob = 'customer-photos.delete-unattached';

/** The daily anonymisation of customers kept past the retention setting (issue 21). */
export const customerRetentionJob = 'customers.anonymise-past-retention';
/** The daily low-stock email to back office (issue 20). */
export const lowStockEmailJob = 'stock.low-stock-email';

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
  // Hourly: a customer photo no sent form took within 24 hours goes, record and file, so a
  // link cannot be used as free storage (issue 18).
  await deps.queue.schedule(customerPhotoSweepJob, '40 * * * *', async () => {
    const deleted = await deleteUnattachedCustomerPhotos(deps);
    if (deleted > 0) deps.log.info({ deleted }, 'deleted customer photos no form took');
  });
  // Daily, in UK time: customers whose orders all finished longer ago than the retention
  // setting are anonymised (issue 21, decision 067).
  await deps.queue.schedule(customerRetentionJob, '10 2 * * *', async () => {
    const anonymised = await anonymiseCustomersPastRetention(deps);
    if (anonymised > 0) deps.log.info({ anonymised }, 'anonymised customers past retention');
  });
  // Daily at 07:00: back office's list of low stock (issue 20), once a day however often it runs.
  await deps.queue.schedule(lowStockEmailJob, '0 7 * * *', async () => {
    const sent = await sendLowStockEmail(deps);
    if (sent > 0) deps.log.info({ sent }, 'sent the low-stock email');
  });
  // Hourly: stored files no row points to, an hour after they were written (issue 18).
  await deps.queue.schedule(sweepStoredFilesJob, '50 * * * *', async () => {
    const { examined, deleted, skipped } = await sweepUnreferencedFiles(deps);
    if (skipped)
      deps.log.warn(
        { examined },
        'stored files: no database row points to any file, so none was swept (is this the right database?)',
      );
    else if (deleted.length > 0)
      deps.log.info({ deleted: deleted.length, examined }, 'swept stored files no row points to');
  });
  // Nightly, in UK time, on the embedded database only: what autovacuum does on a server.
  await deps.queue.schedule(embeddedUpkeepJob, '45 3 * * *', async () => {
    const started = Date.now();
    if (await upkeepEmbeddedDatabase(deps.database))
      deps.log.info({ ms: Date.now() - started }, 'vacuumed and analysed the embedded database');
  });
  // Backups (issue 21): "Back up now" runs as a job; every minute the daily schedule is checked.
  await deps.queue.register<{ runId: string }>(createBackupJob, async (data) => {
    await runBackup(deps, data.runId);
  });
  await deps.queue.schedule(scheduledBackupJob, '* * * * *', async () => {
    const result = await runScheduledBackup(deps);
    if (result)
      deps.log.info({ backup: result.made.name, deleted: result.deleted }, 'scheduled backup made');
  });
}
