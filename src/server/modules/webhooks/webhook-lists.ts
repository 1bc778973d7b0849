import type { Database } from '../../db/client';
import type { ListPaging } from '../../db/keyset';
import type { WebhookDeliveryStatus } from '@shared/webhooks/webhooks.contracts';
import { findOrderNumbers } from '../orders/order-lookup.service';
import { withPartnerNames } from '../partners/partners.service';
import {
  findDeliveryRow,
  findEndpointRow,
  listDeliveryRows,
  listEndpointRows,
  type DeliveryRow,
} from './webhooks.repository';
import type { WebhookEndpointRow } from './webhooks.schema';

// The endpoints and deliveries as back office sees them: with their partner's name (from the
// partners module) and their order's number (from the orders module).

export type EndpointWithPartner = WebhookEndpointRow & { partnerName: string };

export type DeliveryListRow = DeliveryRow & { partnerName: string; orderNumber: string | null };

/** The endpoints (of one partner, or all), by partner name, then oldest first. */
export async function listEndpoints(
  db: Database,
  partnerId?: string,
): Promise<EndpointWithPartner[]> {
  return withPartnerNames(db, await listEndpointRows(db, partnerId), { orderByName: true });
}

export async function findEndpoint(db: Database, id: string): Promise<EndpointWithPartner | null> {
  const row = await findEndpointRow(db, id);
  return row ? ((await withPartnerNames(db, [row]))[0] ?? null) : null;
}

async function withNames(db: Database, rows: DeliveryRow[]): Promise<DeliveryListRow[]> {
  const orderIds = rows.flatMap((row) => (row.orderId ? [row.orderId] : []));
  const [named, orderNumbers] = await Promise.all([
    withPartnerNames(db, rows),
    findOrderNumbers(db, [...new Set(orderIds)]),
  ]);
  return named.map(({ partnerActive: _active, ...row }) => ({
    ...row,
    orderNumber: row.orderId ? (orderNumbers.get(row.orderId) ?? null) : null,
  }));
}

/** A page of the deliveries, newest first, and how many match (exact or estimated). */
export async function listDeliveries(
  db: Database,
  paging: ListPaging,
  filter: { endpointId?: string; partnerId?: string; status?: WebhookDeliveryStatus },
  at: { cursor?: string; page: number; pageSize: number },
) {
  const { rows, ...rest } = await listDeliveryRows(db, paging, filter, at);
  return { ...rest, rows: await withNames(db, rows) };
}

export async function findDelivery(db: Database, id: string): Promise<DeliveryListRow | null> {
  const row = await findDeliveryRow(db, id);
  return row ? ((await withNames(db, [row]))[0] ?? null) : null;
}
