import type { LifecycleOrder } from '@shared/orders/order-lifecycle';
import type { OrderEvent, OrderListItem } from '@shared/orders/orders.contracts';
import type { AssignmentState } from '@shared/orders/order-status';
import { slaStateFromDeadlines } from '@shared/orders/sla';
import type { Visit } from '@shared/visits/visits.contracts';
import { seesPrice, type Viewer } from './order-access';
import type { VisitRow } from '../visits/order-visits.service';
import type { OrderEventRow, OrderRow } from './orders.repository';
import type { OrderListRow } from './projections/order-summary.projection';

// Rows as the API answers them: pure mappings, no database.

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

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

export function toVisit(row: {
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
    checkInOffDayReason: v.checkInOffDayReason,
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

export function lifecycleOrder(
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
