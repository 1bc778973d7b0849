import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractorRates, contractors } from '../../db/schema/contractors';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orders } from '../../db/schema/orders';
import { partners } from '../../db/schema/partners';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import {
  allowedActions,
  decideForActors,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleInput,
  type LifecycleOrder,
} from '@shared/orders/order-lifecycle';
import {
  orderActionEndpoints,
  orderErrorCodes,
  requiredCompletionSerials,
  type OrderDetail,
  type OrderEvent,
  type OrderListFilters,
  type OrderListItem,
  type OrderListResponse,
} from '@shared/orders/orders.contracts';
import type { z } from 'zod';
import type { createOrderBody, updateOrderBody } from '@shared/orders/orders.contracts';
import {
  kitStatusLabels,
  orderStatusLabels,
  slaStateLabels,
  type AssignmentState,
} from '@shared/orders/order-status';
import { slaDeadlines, slaStateFromDeadlines, slaTargetDays } from '@shared/orders/sla';
import type { Visit } from '@shared/orders/visits.contracts';
import {
  findCustomer,
  findDuplicateCustomers,
  insertCustomer,
  toCustomer,
} from '../customers/customers.repository';
import { isUniqueViolation } from './db-errors';
import { actorsFor, seesPrice, type Viewer } from './order-access';
import {
  currentVisit,
  findEventsOfOrder,
  findOrderIdByNumber,
  findOrderWithRefs,
  findVisitsOfOrder,
  insertOrderEvent,
  listOrders,
  lockOrder,
  nextOrderNumber,
  orderSearchText,
  readSlaSetting,
  updateOrderRow,
  viewerHasVisit,
  type OrderListRow,
  type OrderRow,
  type OrderEventRow,
  type VisitRow,
} from './orders.repository';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const orderNotFound = () => notFound('Order not found');

export function assignmentState(order: {
  contractorId: string | null;
  contractorAcceptedAt: Date | null;
}): AssignmentState {
  if (!order.contractorId) return 'unassigned';
  return order.contractorAcceptedAt ? 'accepted' : 'offered';
}

export function toListItem(row: OrderListRow, viewer: Viewer, now: Date): OrderListItem {
  const item: OrderListItem = {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    kitStatus: row.kitStatus,
    partner: { id: row.partnerId, name: row.partnerName },
    partnerReference: row.partnerReference,
    customer: {
      id: row.customerId,
      name: `${row.customerFirstName} ${row.customerLastName}`,
      postcode: row.postcode,
      town: row.town,
    },
    jobType: { id: row.jobTypeId, name: row.jobTypeName },
    contractor:
      row.contractorId && row.contractorName
        ? { id: row.contractorId, name: row.contractorName }
        : null,
    assignmentState: assignmentState(row),
    requestedDate: row.requestedDate,
    slaState: slaStateFromDeadlines({
      atRiskAt: row.slaAtRiskAt,
      dueAt: row.slaDueAt,
      stoppedAt: row.slaStoppedAt,
      now,
    }),
    slaDueAt: row.slaDueAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payoutPence: row.payoutPence,
  };
  if (seesPrice(viewer)) item.pricePence = row.pricePence;
  return item;
}

export async function listOrdersForViewer(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now = new Date(),
): Promise<OrderListResponse> {
  const { rows, total } = await listOrders(db, filters, viewer, now);
  return {
    items: rows.map((row) => toListItem(row, viewer, now)),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** The most rows one CSV export carries. */
export const csvExportLimit = 50_000;

function csvCell(value: string | number | null | undefined): string {
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
  const { rows } = await listOrders(db, filters, viewer, now, {
    withTotal: false,
    limit: csvExportLimit,
    offset: 0,
  });
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
        slaStateLabels[item.slaState],
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

/** Whether the viewer may see this order at all; otherwise it answers 404 (never 403). */
async function canSee(db: Database, viewer: Viewer, order: Pick<OrderRow, 'id' | 'contractorId'>) {
  if (viewer.backOffice) return true;
  if (viewer.contractorId && order.contractorId === viewer.contractorId) return true;
  if (viewer.engineer && (await viewerHasVisit(db, order.id, viewer.userId))) return true;
  return false;
}

export async function canSeeOrder(db: Database, viewer: Viewer, id: string) {
  if (viewer.backOffice) return true;
  const [order] = await db
    .select({ id: orders.id, contractorId: orders.contractorId })
    .from(orders)
    .where(eq(orders.id, id));
  return !!order && (await canSee(db, viewer, order));
}

function toVisit(row: {
  visit: VisitRow;
  engineerFirstName: string;
  engineerLastName: string;
}): Visit {
  const v = row.visit;
  return {
    id: v.id,
    orderId: v.orderId,
    contractorId: v.contractorId,
    engineer: {
      id: v.engineerId,
      firstName: row.engineerFirstName,
      lastName: row.engineerLastName,
    },
    scheduledDate: v.scheduledDate,
    slot: v.slot,
    status: v.status,
    checkedInAt: iso(v.checkedInAt),
    checkedOutAt: iso(v.checkedOutAt),
    outcome: v.outcome,
    failureReason: v.failureReason,
    outcomeNotes: v.outcomeNotes,
    customerSignOffName: v.customerSignOffName,
    serials: v.serials,
    kitOverrideReason: v.kitOverrideReason,
    createdAt: v.createdAt.toISOString(),
  };
}

export function toEvent(row: OrderEventRow, viewer: Viewer | null): OrderEvent {
  // The partner price never reaches a contractor or engineer, not even through event data.
  const data = { ...row.data };
  if (viewer && !seesPrice(viewer)) delete data.pricePence;
  if (viewer && !seesPrice(viewer) && data.changes && typeof data.changes === 'object') {
    const changes = { ...(data.changes as Record<string, unknown>) };
    delete changes.pricePence;
    data.changes = changes;
  }
  return {
    id: row.id,
    type: row.type,
    actor: { userId: row.actorUserId, name: row.actorName, role: row.actorRole },
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    fromKitStatus: row.fromKitStatus,
    toKitStatus: row.toKitStatus,
    reason: row.reason,
    data,
    createdAt: row.createdAt.toISOString(),
  };
}

function lifecycleOrder(
  order: OrderRow,
  customerValidation: LifecycleOrder['customerValidationStatus'],
): LifecycleOrder {
  return {
    status: order.status,
    kitStatus: order.kitStatus,
    holdFromStatus: order.holdFromStatus,
    contractorId: order.contractorId,
    contractorAccepted: order.contractorAcceptedAt !== null,
    customerValidationStatus: customerValidation,
  };
}

export async function getOrderDetail(
  db: Database,
  id: string,
  viewer: Viewer,
  now = new Date(),
): Promise<OrderDetail> {
  // All three at once: on PostgreSQL they run on separate connections.
  const [found, visitRows, eventRows] = await Promise.all([
    findOrderWithRefs(db, id),
    findVisitsOfOrder(db, id),
    findEventsOfOrder(db, id),
  ]);
  if (!found) throw orderNotFound();
  if (!viewer.backOffice) {
    // Scope from the rows already read: the contractor's company, or a visit of this engineer.
    const visible =
      (viewer.contractorId !== null && found.order.contractorId === viewer.contractorId) ||
      (viewer.engineer && visitRows.some((row) => row.visit.engineerId === viewer.userId));
    if (!visible) throw orderNotFound();
  }
  const { order, customer } = found;
  const current = currentVisit(visitRows);
  const actors = actorsFor(viewer, order, current?.visit.engineerId ?? null);
  const detail: OrderDetail = {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    kitStatus: order.kitStatus,
    holdFromStatus: order.holdFromStatus,
    partner: { id: order.partnerId, name: found.partnerName },
    partnerReference: order.partnerReference,
    customer: toCustomer(customer),
    jobType: { id: order.jobTypeId, name: found.jobTypeName },
    payoutPence: order.payoutPence,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    kitDispatchedAt: iso(order.kitDispatchedAt),
    kitArrivedAt: iso(order.kitArrivedAt),
    contractor: found.contractor?.id ? found.contractor : null,
    assignmentState: assignmentState(order),
    contractorOfferedAt: iso(order.contractorOfferedAt),
    contractorAcceptedAt: iso(order.contractorAcceptedAt),
    requestedDate: order.requestedDate,
    notes: order.notes,
    slaTargetDays: order.slaTargetDays,
    slaState: slaStateFromDeadlines({
      atRiskAt: order.slaAtRiskAt,
      dueAt: order.slaDueAt,
      stoppedAt: order.slaStoppedAt,
      now,
    }),
    slaDueAt: order.slaDueAt.toISOString(),
    receivedAt: order.receivedAt.toISOString(),
    completedAt: iso(order.completedAt),
    closedAt: iso(order.closedAt),
    cancelledAt: iso(order.cancelledAt),
    cancellationReason: order.cancellationReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    version: order.version,
    visits: visitRows.map(toVisit),
    timeline: eventRows.map((row) => toEvent(row, viewer)),
    allowedActions: allowedActions(actors, lifecycleOrder(order, customer.validationStatus)),
  };
  if (seesPrice(viewer)) detail.pricePence = order.pricePence;
  return detail;
}

export async function getOrderDetailByNumber(db: Database, orderNumber: string, viewer: Viewer) {
  const id = await findOrderIdByNumber(db, orderNumber);
  if (!id) throw orderNotFound();
  return getOrderDetail(db, id, viewer);
}

type CreateOrderInput = z.output<typeof createOrderBody>;
type UpdateOrderInput = z.output<typeof updateOrderBody>;

/** Who made a change, as the event records it. */
export type ChangeActor =
  | { kind: 'user'; viewer: Viewer }
  | { kind: 'customer'; name: string }
  | { kind: 'partner'; partnerId: string; name: string }
  | { kind: 'system'; name: string };

function eventActor(actor: ChangeActor, role: string) {
  if (actor.kind === 'user') {
    return { actorUserId: actor.viewer.userId, actorName: actor.viewer.name, actorRole: role };
  }
  return { actorUserId: null, actorName: actor.name, actorRole: actor.kind };
}

export async function createOrder(
  db: Database,
  body: CreateOrderInput,
  actor: ChangeActor,
  now = new Date(),
): Promise<{ id: string }> {
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const [partner] = await tx.select().from(partners).where(eq(partners.id, body.partnerId));
      if (!partner) throw badRequest('Unknown partner', { partnerId: ['Unknown partner'] });
      if (!partner.active)
        throw badRequest('The partner is not active', { partnerId: ['The partner is not active'] });
      const [jobType] = await tx.select().from(jobTypes).where(eq(jobTypes.id, body.jobTypeId));
      if (!jobType) throw badRequest('Unknown job type', { jobTypeId: ['Unknown job type'] });
      if (!jobType.active)
        throw badRequest('The job type is not active', {
          jobTypeId: ['The job type is not active'],
        });

      let customer;
      if (body.customerId) {
        customer = await findCustomer(tx, body.customerId);
        if (!customer) throw badRequest('Unknown customer', { customerId: ['Unknown customer'] });
      } else {
        const input = body.customer!;
        if (!body.allowDuplicateCustomer) {
          const matches = await findDuplicateCustomers(tx, {
            email: input.email,
            phone: input.phone,
            firstName: input.firstName,
            lastName: input.lastName,
            postcode: input.address.postcode,
          });
          if (matches.length > 0) {
            const first = matches[0]!;
            throw new AppError(
              409,
              orderErrorCodes.duplicateCustomer,
              `This looks like an existing customer: ${first.customer.reference} ${first.customer.firstName} ${first.customer.lastName} (same ${first.matchedOn.map((m) => (m === 'name_postcode' ? 'name and postcode' : m)).join(', ')}).`,
              { customerIds: matches.map((m) => m.customer.id) },
            );
          }
        }
        customer = await insertCustomer(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          addressLine1: input.address.line1,
          addressLine2: input.address.line2,
          town: input.address.town,
          county: input.address.county,
          postcode: input.address.postcode,
          latitude: input.latitude,
          longitude: input.longitude,
          notes: input.notes,
        });
      }

      const targetDays = slaTargetDays(partner.slaTargetDays, await readSlaSetting(tx));
      const deadlines = slaDeadlines(now, targetDays);
      const orderNumber = await nextOrderNumber(tx, now);
      const kitStatus = body.customerSuppliesKit ? 'customer_supplied' : 'awaiting_dispatch';
      const [row] = await tx
        .insert(orders)
        .values({
          orderNumber,
          partnerId: partner.id,
          partnerReference: body.partnerReference,
          customerId: customer.id,
          jobTypeId: jobType.id,
          pricePence: body.pricePence ?? jobType.defaultPricePence,
          payoutPence: body.payoutPence ?? jobType.defaultPayoutPence,
          status: 'received',
          kitStatus,
          requestedDate: body.requestedDate,
          notes: body.notes,
          slaTargetDays: targetDays,
          slaAtRiskAt: deadlines.atRiskAt,
          slaDueAt: deadlines.dueAt,
          receivedAt: now,
          searchText: orderSearchText(
            { orderNumber, partnerReference: body.partnerReference },
            customer,
          ),
          createdBy: actor.kind === 'user' ? actor.viewer.userId : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      await insertOrderEvent(tx, {
        orderId: row!.id,
        type: 'created',
        ...eventActor(actor, actor.kind === 'user' ? 'back_office' : actor.kind),
        toStatus: 'received',
        toKitStatus: kitStatus,
        data: { orderNumber, customerId: customer.id, partnerReference: body.partnerReference },
        createdAt: now,
      });
      return { id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'orders_partner_reference_unique')) {
      throw conflict(
        orderErrorCodes.duplicatePartnerReference,
        'This partner already sent an order with that reference.',
      );
    }
    throw error;
  }
}

function checkVersion(order: OrderRow, expected: number | undefined) {
  if (expected !== undefined && expected !== order.version) {
    throw conflict(
      orderErrorCodes.staleOrder,
      'The order was changed by someone else; reload it and try again.',
    );
  }
}

export async function updateOrder(
  db: Database,
  id: string,
  body: UpdateOrderInput,
  viewer: Viewer,
): Promise<void> {
  if (!viewer.backOffice) throw forbidden();
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    checkVersion(order, body.expectedVersion);
    const { expectedVersion: _ignored, ...fields } = body;
    if (fields.jobTypeId && fields.jobTypeId !== order.jobTypeId) {
      const [jobType] = await tx.select().from(jobTypes).where(eq(jobTypes.id, fields.jobTypeId));
      if (!jobType) throw badRequest('Unknown job type', { jobTypeId: ['Unknown job type'] });
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const before = order[key as keyof OrderRow];
      if (before !== value) changes[key] = { from: before, to: value };
    }
    if (Object.keys(changes).length === 0) return;
    const values: Partial<OrderRow> = {};
    for (const [key, change] of Object.entries(changes)) {
      (values as Record<string, unknown>)[key] = change.to;
    }
    if ('partnerReference' in changes) {
      const customer = await findCustomer(tx, order.customerId);
      values.searchText = orderSearchText(
        { orderNumber: order.orderNumber, partnerReference: fields.partnerReference ?? null },
        customer!,
      );
    }
    try {
      await updateOrderRow(tx, id, values);
    } catch (error) {
      if (isUniqueViolation(error, 'orders_partner_reference_unique')) {
        throw conflict(
          orderErrorCodes.duplicatePartnerReference,
          'This partner already sent an order with that reference.',
        );
      }
      throw error;
    }
    await insertOrderEvent(tx, {
      orderId: id,
      type: 'edited',
      ...eventActor({ kind: 'user', viewer }, 'back_office'),
      data: { changes },
    });
  });
}

type ActionBody<A extends LifecycleAction> = z.output<(typeof orderActionEndpoints)[A]['body']>;
type AnyActionBody = ActionBody<LifecycleAction> & {
  reason?: string | null;
  contractorId?: string;
  engineerId?: string;
  date?: string;
  slot?: VisitRow['slot'];
  kitOverrideReason?: string | null;
  failureReason?: VisitRow['failureReason'];
  notes?: string | null;
  customerSignOffName?: string | null;
  serials?: Record<string, string>;
  courier?: string;
  trackingNumber?: string;
  latitude?: number;
  longitude?: number;
  expectedVersion?: number;
};

async function loadEngineer(
  tx: Database,
  engineerId: string | undefined,
  contractorId: string | null,
) {
  if (!engineerId) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, engineerId));
  if (!user) return { belongsToContractor: false, active: false };
  const roles = [user.role, ...user.additionalRoles];
  return {
    belongsToContractor:
      !!contractorId && user.contractorId === contractorId && roles.includes('engineer'),
    active: user.status !== 'disabled',
  };
}

/** What the completion record still lacks: the sign-off name and the required serials. */
function completionMissing(visit: VisitRow | null, body: AnyActionBody): string[] {
  const missing: string[] = [];
  const name = body.customerSignOffName ?? visit?.customerSignOffName;
  if (!name) missing.push('customer sign-off name');
  const serials = { ...(visit?.serials ?? {}), ...(body.serials ?? {}) };
  for (const serial of requiredCompletionSerials)
    if (!serials[serial]) missing.push(`${serial} serial`);
  return missing;
}

function refusalError(code: string, message: string) {
  return new AppError(code === 'ACTOR_NOT_PERMITTED' ? 403 : 409, code, message);
}

/**
 * Makes one lifecycle move: locks the order, decides through the lifecycle table, applies it
 * and writes its event in the same transaction. A racing change waits for the lock and is then
 * judged against the new state (so the loser gets 409).
 */
export async function performOrderAction(
  db: Database,
  orderId: string,
  action: LifecycleAction,
  body: AnyActionBody,
  actor: ChangeActor,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    if (actor.kind === 'user' && !(await canSee(tx, actor.viewer, order))) throw orderNotFound();
    if (actor.kind === 'partner' && actor.partnerId !== order.partnerId) throw orderNotFound();
    checkVersion(order, body.expectedVersion);

    const [customer] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
    const visitRows = await tx
      .select()
      .from(visits)
      .where(eq(visits.orderId, orderId))
      .orderBy(visits.createdAt, visits.id);
    const current = currentVisit(visitRows.map((visit) => ({ visit })))?.visit ?? null;

    let actors: LifecycleActor[];
    if (actor.kind === 'user') actors = actorsFor(actor.viewer, order, current?.engineerId ?? null);
    else if (actor.kind === 'system') actors = ['back_office'];
    else actors = [actor.kind];

    const input: LifecycleInput = {
      reason: body.reason ?? (action === 'fail' ? body.notes : undefined),
      failureReason: body.failureReason,
      kitOverrideReason: body.kitOverrideReason,
      courier: body.courier,
      trackingNumber: body.trackingNumber,
    };
    let contractorRow: typeof contractors.$inferSelect | undefined;
    if (action === 'assign' && body.contractorId) {
      [contractorRow] = await tx
        .select()
        .from(contractors)
        .where(eq(contractors.id, body.contractorId));
      if (!contractorRow)
        throw badRequest('Unknown contractor', { contractorId: ['Unknown contractor'] });
      input.contractor = { active: contractorRow.active };
    }
    if (action === 'schedule' || action === 'reschedule') {
      input.engineer = await loadEngineer(tx, body.engineerId, order.contractorId);
    }
    if (action === 'complete') input.completionMissing = completionMissing(current, body);

    const state = lifecycleOrder(order, customer!.validationStatus);
    if (actors.length === 0)
      throw refusalError('ACTOR_NOT_PERMITTED', 'You cannot change this order.');
    const decision = decideForActors(action, actors, state, input);
    if (!decision.ok) throw refusalError(decision.code, decision.message);
    const madeAs = decision.actor ?? actors[0]!;

    const values: Partial<OrderRow> = {};
    if (decision.toStatus !== order.status) values.status = decision.toStatus;
    if (decision.toKitStatus !== order.kitStatus) values.kitStatus = decision.toKitStatus;
    const data: Record<string, unknown> = {};
    let reason: string | null = input.reason?.trim() || null;

    switch (action) {
      case 'validate':
        if (customer!.validationStatus !== 'validated') {
          await tx
            .update(customers)
            .set({
              validationStatus: 'validated',
              rejectionReason: null,
              validatedAt: now,
              validatedBy: actor.kind === 'user' ? actor.viewer.userId : null,
              updatedAt: now,
            })
            .where(eq(customers.id, customer!.id));
        }
        break;
      case 'assign': {
        values.contractorId = contractorRow!.id;
        values.contractorOfferedAt = now;
        values.contractorAcceptedAt = null;
        const [rate] = await tx
          .select()
          .from(contractorRates)
          .where(
            and(
              eq(contractorRates.contractorId, contractorRow!.id),
              eq(contractorRates.jobTypeId, order.jobTypeId),
            ),
          );
        if (rate) values.payoutPence = rate.payoutPence;
        Object.assign(data, {
          contractorId: contractorRow!.id,
          contractorName: contractorRow!.name,
          payoutPence: values.payoutPence ?? order.payoutPence,
        });
        if (order.contractorId) data.previousContractorId = order.contractorId;
        break;
      }
      case 'unassign':
      case 'decline':
        data.contractorId = order.contractorId;
        values.contractorId = null;
        values.contractorOfferedAt = null;
        values.contractorAcceptedAt = null;
        break;
      case 'accept':
        values.contractorAcceptedAt = now;
        data.contractorId = order.contractorId;
        break;
      case 'schedule': {
        const [visit] = await tx
          .insert(visits)
          .values({
            orderId,
            contractorId: order.contractorId!,
            engineerId: body.engineerId!,
            scheduledDate: body.date!,
            slot: body.slot!,
            kitOverrideReason: decision.kitOverridden ? body.kitOverrideReason : null,
          })
          .returning({ id: visits.id });
        Object.assign(data, {
          visitId: visit!.id,
          engineerId: body.engineerId,
          date: body.date,
          slot: body.slot,
        });
        if (decision.kitOverridden) data.kitOverrideReason = body.kitOverrideReason;
        reason = decision.kitOverridden ? (body.kitOverrideReason ?? null) : null;
        break;
      }
      case 'reschedule': {
        if (!current) throw refusalError('INVALID_TRANSITION', 'The order has no scheduled visit.');
        await tx
          .update(visits)
          .set({
            engineerId: body.engineerId!,
            scheduledDate: body.date!,
            slot: body.slot!,
            kitOverrideReason: decision.kitOverridden
              ? body.kitOverrideReason
              : current.kitOverrideReason,
            updatedAt: now,
          })
          .where(eq(visits.id, current.id));
        Object.assign(data, {
          visitId: current.id,
          from: { engineerId: current.engineerId, date: current.scheduledDate, slot: current.slot },
          to: { engineerId: body.engineerId, date: body.date, slot: body.slot },
        });
        reason = decision.kitOverridden ? (body.kitOverrideReason ?? null) : null;
        break;
      }
      case 'check_in':
        await tx
          .update(visits)
          .set({
            status: 'in_progress',
            checkedInAt: now,
            checkInLatitude: body.latitude?.toString() ?? null,
            checkInLongitude: body.longitude?.toString() ?? null,
            updatedAt: now,
          })
          .where(eq(visits.id, current!.id));
        data.visitId = current!.id;
        break;
      case 'complete':
        await tx
          .update(visits)
          .set({
            status: 'completed',
            outcome: 'completed',
            checkedOutAt: now,
            customerSignOffName: body.customerSignOffName ?? current!.customerSignOffName,
            serials: { ...current!.serials, ...(body.serials ?? {}) },
            outcomeNotes: body.notes ?? current!.outcomeNotes,
            updatedAt: now,
          })
          .where(eq(visits.id, current!.id));
        values.completedAt = now;
        values.slaStoppedAt = now;
        data.visitId = current!.id;
        break;
      case 'fail':
        await tx
          .update(visits)
          .set({
            status: 'failed',
            outcome: 'failed',
            failureReason: body.failureReason!,
            outcomeNotes: body.notes ?? null,
            checkedOutAt: now,
            updatedAt: now,
          })
          .where(eq(visits.id, current!.id));
        Object.assign(data, { visitId: current!.id, failureReason: body.failureReason });
        reason = body.notes ?? null;
        break;
      case 'close':
        values.closedAt = now;
        break;
      case 'hold':
        values.holdFromStatus = order.status;
        break;
      case 'resume':
        values.holdFromStatus = null;
        break;
      case 'cancel':
        values.cancelledAt = now;
        values.cancellationReason = reason;
        values.slaStoppedAt = now;
        values.holdFromStatus = null;
        await tx
          .update(visits)
          .set({ status: 'cancelled', updatedAt: now })
          .where(
            and(eq(visits.orderId, orderId), inArray(visits.status, ['scheduled', 'in_progress'])),
          );
        break;
      case 'dispatch_kit':
        values.courier = body.courier!;
        values.trackingNumber = body.trackingNumber!;
        values.kitDispatchedAt = now;
        Object.assign(data, { courier: body.courier, trackingNumber: body.trackingNumber });
        break;
      case 'confirm_kit_arrived':
        values.kitArrivedAt = now;
        break;
      case 'submit_customer_form':
      case 'mark_kit_customer_supplied':
        break;
    }

    await updateOrderRow(tx, orderId, values);
    await insertOrderEvent(tx, {
      orderId,
      type: action,
      ...eventActor(actor, madeAs),
      fromStatus: order.status,
      toStatus: decision.toStatus,
      fromKitStatus: order.kitStatus,
      toKitStatus: decision.toKitStatus,
      reason,
      data,
      createdAt: now,
    });
  });
}
