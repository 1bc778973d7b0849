import { commonErrorCodes } from '@shared/error-codes';
import {
  visitPaths,
  type InstallationResponse,
  type OrderSummaryResponse,
} from '@shared/visits/visit-record';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { canSeeOrder, type Viewer } from '../orders/orders.service';
import {
  findOrderForRecord,
  findVisitsWithOrderOfOrder,
  type OrderForRecord,
} from '../orders/projections/visit-record.projection';
import { getCommissioningThresholds, getCompanyContact } from '../settings/settings.service';
import { findPhotosOfVisits } from './visit-record.repository';
import { customerAnswersOfOrder } from '../customer-links/customer-form-lookup.service';
import { recordView } from './visit-record.view';

const orderNotFound = () => new AppError(404, commonErrorCodes.notFound, 'Order not found.');

export function addressOf(customer: OrderForRecord['customer']): string {
  return [
    customer.addressLine1,
    customer.addressLine2,
    customer.town,
    customer.county,
    customer.postcode,
  ]
    .filter(Boolean)
    .join(', ');
}

async function recordsOfOrder(db: Database, orderId: string) {
  const rows = await findVisitsWithOrderOfOrder(db, orderId);
  const photos = await findPhotosOfVisits(
    db,
    rows.map((r) => r.visit.id),
  );
  return rows.map((row) =>
    recordView(
      row,
      photos.filter((p) => p.visitId === row.visit.id),
    ),
  );
}

/** /installation/{orderId}: every visit of the order, for those who may see the order. */
export async function installationRecord(
  db: Database,
  viewer: Viewer,
  orderId: string,
): Promise<InstallationResponse> {
  if (!(await canSeeOrder(db, viewer, orderId))) throw orderNotFound();
  const found = await findOrderForRecord(db, { id: orderId });
  if (!found) throw orderNotFound();
  return {
    orderId,
    orderNumber: found.order.orderNumber,
    orderStatus: found.order.status,
    customerName: `${found.customer.firstName} ${found.customer.lastName}`,
    address: addressOf(found.customer),
    jobTypeName: found.jobTypeName,
    thresholds: await getCommissioningThresholds(db),
    visits: await recordsOfOrder(db, orderId),
    customerAnswers: await customerAnswersOfOrder(db, orderId),
  };
}

/**
 * The completed installation of an order (the completing visit), for the summary page and the
 * certificate. `viewer` null: the customer, already proved by the portal.
 */
export async function orderSummary(
  deps: Pick<AppDeps, 'database'>,
  viewer: Viewer | null,
  orderNumber: string,
): Promise<OrderSummaryResponse> {
  const db = deps.database.db;
  const found = await findOrderForRecord(db, { number: orderNumber });
  if (!found) throw orderNotFound();
  if (viewer && !(await canSeeOrder(db, viewer, found.order.id))) throw orderNotFound();
  const records = await recordsOfOrder(db, found.order.id);
  const completed = [...records].reverse().find((r) => r.outcome?.result === 'completed') ?? null;
  const company = await getCompanyContact(db);
  return {
    orderId: found.order.id,
    orderNumber: found.order.orderNumber,
    orderStatus: found.order.status,
    company: { name: company.name, phone: company.phone, email: company.email },
    customerName: `${found.customer.firstName} ${found.customer.lastName}`,
    address: addressOf(found.customer),
    jobTypeName: found.jobTypeName,
    partnerName: found.partnerName,
    completedAt: completed?.outcome?.at ?? found.order.completedAt?.toISOString() ?? null,
    engineerName: completed
      ? `${completed.engineer.firstName} ${completed.engineer.lastName}`
      : null,
    thresholds: await getCommissioningThresholds(db),
    visit: completed,
    certificateUrl: completed ? visitPaths.certificate(found.order.orderNumber) : null,
  };
}
