import { lowStockPath } from '@shared/stock/field-flags.contracts';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { queueMessage } from '../messages/messages.service';
import { listBackOfficeEmails } from '../users/user-lookup.service';
import { locationLabel } from './ledger.service';
import { claimLowStockEmail, lowStockRows } from './stock.repository';
import { londonDateOf } from '@shared/london-date';

// Low stock (issue 20): a product below its low-stock level at a location. The back-office
// dashboard counts them; back office gets one email a day listing them.

/** The low levels, in words, by SKU then place. */
export async function lowStock(db: Database) {
  return (await lowStockRows(db)).map((row) => ({
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    locationId: row.locationId,
    location: locationLabel({ kind: row.kind, name: row.locationName }),
    quantity: row.quantity,
    lowLevel: row.lowLevel,
  }));
}

/** How many product/location levels are below their low-stock level (the dashboard's alert). */
export async function lowStockCount(db: Database) {
  return (await lowStockRows(db)).length;
}

export const lowStockEmailSubject = (count: number) =>
  `Low stock: ${count} ${count === 1 ? 'level' : 'levels'} below the low-stock level`;

/**
 * The day's low-stock email to every active back-office account, once per day however often
 * the job runs (the day is claimed in the same transaction as the messages). Nothing low,
 * nothing sent, and the day stays open. Answers how many emails were queued.
 */
export async function sendLowStockEmail(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>,
  now = new Date(),
): Promise<number> {
  const db = deps.database.db;
  const low = await lowStock(db);
  if (low.length === 0) return 0;
  const recipients = await listBackOfficeEmails(db);
  if (recipients.length === 0) return 0;
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${lowStockPath}`;
  const body = [
    'These stock levels are below their low-stock level:',
    '',
    ...low.map(
      (item) =>
        `- SKU ${item.sku} (${item.name}) at ${item.location}: ${item.quantity} (low below ${item.lowLevel})`,
    ),
    '',
    `See them in stock management: ${link}`,
  ].join('\n');
  return inTransaction(db, async (tx) => {
    if (!(await claimLowStockEmail(tx, londonDateOf(now)))) return 0;
    for (const to of recipients) {
      await queueMessage(
        deps,
        {
          channel: 'email',
          kind: 'low_stock',
          to,
          subject: lowStockEmailSubject(low.length),
          body,
          relatedType: 'stock',
        },
        { tx },
      );
    }
    return recipients.length;
  });
}
