import type { z } from 'zod';
import { lifecycleErrorCodes, orderErrorCodes, partnerApiErrorCodes } from '@shared/error-codes';
import type {
  v1CreateOrderBody,
  v1OrderListQuery,
  V1Order,
} from '@shared/partner-api/v1.contracts';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { createIntakeOrder, performOrderAction, type ChangeActor } from '../orders/orders.service';
import { activeJobTypeCodes } from '../job-types/job-types.service';
import { findEventsOfOrder } from '../orders/projections/order-detail.projection';
import {
  findCursorOrder,
  findV1Order,
  listV1Orders,
  type V1OrderRow,
} from '../orders/projections/partner-orders.projection';

// The partner API's order calls (issue 14): every one within the calling key's partner.

export type PartnerCaller = { partnerId: string; partnerName: string };

const actorOf = (caller: PartnerCaller): ChangeActor => ({
  kind: 'partner',
  partnerId: caller.partnerId,
  name: caller.partnerName,
});

export function toV1Order(row: Omit<V1OrderRow, 'id'>): V1Order {
  return {
    orderNumber: row.orderNumber,
    partnerReference: row.partnerReference,
    status: row.status,
    kitStatus: row.kitStatus,
    jobType: { code: row.jobTypeCode, name: row.jobTypeName },
    customer: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      address: {
        line1: row.addressLine1,
        line2: row.addressLine2,
        town: row.town,
        county: row.county,
        postcode: row.postcode,
      },
    },
    requestedDate: row.requestedDate,
    kitSupplied: row.kitStatus === 'customer_supplied',
    notes: row.notes,
    cancellationReason: row.cancellationReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

const orderNotFound = () => notFound('No order of yours has that number or reference');

function duplicateReference(orderNumber: string) {
  return new AppError(
    409,
    orderErrorCodes.duplicatePartnerReference,
    `You already sent an order with this partner reference: ${orderNumber}`,
    { existingOrderNumber: [orderNumber] },
  );
}

/**
 * A partner's new order (issue 23, decision 088): two statements, the answer built from what
 * was written rather than read back.
 */
export async function createPartnerOrder(
  db: Database,
  caller: PartnerCaller,
  body: z.output<typeof v1CreateOrderBody>,
): Promise<V1Order> {
  try {
    const created = await createIntakeOrder(db, {
      partnerId: caller.partnerId,
      partnerName: caller.partnerName,
      jobTypeCode: body.jobType,
      partnerReference: body.partnerReference,
      customer: body.customer,
      requestedDate: body.requestedDate,
      notes: body.notes,
      customerSuppliesKit: body.kitSupplied,
    });
    if (created.outcome === 'created') return toV1Order(created.order);
  } catch (error) {
    // The reference is taken (the unique index says so, also when another request won the
    // race): name the order that has it.
    if (error instanceof AppError && error.code === orderErrorCodes.duplicatePartnerReference) {
      const winner = await findV1Order(db, caller.partnerId, {
        partnerReference: body.partnerReference,
      });
      if (winner) throw duplicateReference(winner.orderNumber);
    }
    throw error;
  }
  // Say which codes exist, so the partner can correct the request without asking us.
  const codes = await activeJobTypeCodes(db);
  throw new AppError(
    400,
    partnerApiErrorCodes.unknownJobType,
    `Unknown job type: ${body.jobType}. Job types: ${codes.join(', ') || 'none yet'}.`,
    { jobType: [`Unknown job type; use one of: ${codes.join(', ')}`] },
  );
}

export async function getPartnerOrder(
  db: Database,
  caller: PartnerCaller,
  by: { orderNumber: string } | { partnerReference: string },
): Promise<V1Order> {
  const row = await findV1Order(db, caller.partnerId, by);
  if (!row) throw orderNotFound();
  return toV1Order(row);
}

const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalidCursor() {
  return new AppError(
    400,
    partnerApiErrorCodes.invalidCursor,
    'The cursor is not one we gave out',
    {
      cursor: ['Use the nextCursor of the previous page'],
    },
  );
}

export async function listPartnerOrders(
  db: Database,
  caller: PartnerCaller,
  query: z.output<typeof v1OrderListQuery>,
): Promise<{ items: V1Order[]; nextCursor: string | null }> {
  let after: { createdAt: string; id: string } | undefined;
  if (query.cursor) {
    const id = Buffer.from(query.cursor, 'base64url').toString('utf8');
    if (!uuidPattern.test(id)) throw invalidCursor();
    after = await findCursorOrder(db, caller.partnerId, id);
    if (!after) throw invalidCursor();
  }
  const rows = await listV1Orders(db, caller.partnerId, { ...query, after });
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    items: page.map(toV1Order),
    nextCursor: more ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}

export async function cancelPartnerOrder(
  db: Database,
  caller: PartnerCaller,
  orderNumber: string,
  reason: string,
): Promise<V1Order> {
  const row = await findV1Order(db, caller.partnerId, { orderNumber });
  if (!row) throw orderNotFound();
  try {
    await performOrderAction(db, row.id, 'cancel', { reason }, actorOf(caller));
  } catch (error) {
    // The lifecycle lets back office cancel later on; for the partner it is simply too late.
    if (error instanceof AppError && error.code === lifecycleErrorCodes.actorNotPermitted) {
      throw new AppError(
        409,
        lifecycleErrorCodes.invalidTransition,
        `Order ${row.orderNumber} is ${row.status.replaceAll('_', ' ')}: through the API an order can be cancelled only before a visit is scheduled`,
      );
    }
    throw error;
  }
  return toV1Order((await findV1Order(db, caller.partnerId, { id: row.id }))!);
}

export async function listPartnerOrderEvents(
  db: Database,
  caller: PartnerCaller,
  orderNumber: string,
) {
  const row = await findV1Order(db, caller.partnerId, { orderNumber });
  if (!row) throw orderNotFound();
  const events = await findEventsOfOrder(db, row.id);
  return {
    items: events.map((event) => ({
      id: event.id,
      type: event.type,
      actorRole: event.actorRole,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      fromKitStatus: event.fromKitStatus,
      toKitStatus: event.toKitStatus,
      reason: event.reason,
      occurredAt: event.createdAt.toISOString(),
    })),
  };
}
