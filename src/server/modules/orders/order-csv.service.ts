import type { Database } from '../../db/client';
import type { OrderListFilters } from '@shared/orders/orders.contracts';
import { kitStatusLabels, orderStatusLabels } from '@shared/orders/order-status';
import { slaWords } from '@shared/orders/sla';
import { seesPrice, type Viewer } from './order-access';
import { toListItem } from './order-views';
import { firstOrders } from './projections/order-summary.projection';

/** The most rows one CSV export carries. */
export const csvExportLimit = 50_000;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

export async function exportOrdersCsv(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now = new Date(),
): Promise<string> {
  const rows = await firstOrders(db, filters, viewer, now, csvExportLimit);
  const price = seesPrice(viewer);
  const header = [
    'Order number',
    'Status',
    'Kit status',
    'Partner',
    'Partner reference',
    'Customer',
    'Postcode',
    'Town',
    'Job type',
    'Contractor',
    'Requested date',
    'SLA',
    'SLA due',
    'Received',
    ...(price ? ['Price (GBP)'] : []),
    'Payout (GBP)',
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) {
    const item = toListItem(row, viewer, now);
    lines.push(
      [
        item.orderNumber,
        orderStatusLabels[item.status],
        kitStatusLabels[item.kitStatus],
        item.partner.name,
        item.partnerReference,
        item.customer.name,
        item.customer.postcode,
        item.customer.town,
        item.jobType.name,
        item.contractor?.name,
        item.requestedDate,
        slaWords(item.status, item.slaState)?.label ?? '',
        item.slaDueAt,
        item.receivedAt,
        ...(price ? [pounds(row.pricePence)] : []),
        pounds(row.payoutPence),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
