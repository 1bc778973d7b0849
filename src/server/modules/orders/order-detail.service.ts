import type { Database } from '../../db/client';
import { allowedActions } from '@shared/orders/order-lifecycle';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { slaStateFromDeadlines } from '@shared/orders/sla';
import { toCustomer } from '../customers/customers.service';
import { actorsFor, seesPrice, type Viewer } from './order-access';
import { orderNotFound } from './order-change';
import { assignmentState, iso, lifecycleOrder, toEvent, toVisit } from './order-views';
import { engineerHasVisit } from '../visits/order-visits.service';
import { fieldFlagsOfOrder } from '../stock/field-serials.service';
import { customerAnswersOfOrder } from '../customer-links/customer-form-lookup.service';
import {
  findEventsOfOrder,
  findOrderWithRefs,
  findVisitsOfOrder,
} from './projections/order-detail.projection';
import {
  currentVisit,
  findOrderIdByNumber,
  findOrderScope,
  type OrderRow,
} from './orders.repository';

/** Whether the viewer may see this order at all; otherwise it answers 404 (never 403). */
export async function canSee(
  db: Database,
  viewer: Viewer,
  order: Pick<OrderRow, 'id' | 'contractorId'>,
) {
  if (viewer.backOffice) return true;
  if (viewer.contractorId && order.contractorId === viewer.contractorId) return true;
  if (viewer.engineer && (await engineerHasVisit(db, order.id, viewer.userId))) return true;
  return false;
}

export async function canSeeOrder(db: Database, viewer: Viewer, id: string) {
  if (viewer.backOffice) return true;
  const order = await findOrderScope(db, id);
  return !!order && (await canSee(db, viewer, order));
}

export async function getOrderDetail(
  db: Database,
  id: string,
  viewer: Viewer,
  now = new Date(),
): Promise<OrderDetail> {
  // All three at once: on PostgreSQL they run on separate connections.
  const [found, visitRows, eventRows, fieldFlags, customerAnswers] = await Promise.all([
    findOrderWithRefs(db, id),
    findVisitsOfOrder(db, id),
    findEventsOfOrder(db, id),
    viewer.backOffice ? fieldFlagsOfOrder(db, id) : undefined,
    // Read with the rest; only sent once the viewer is known to see the order (below).
    customerAnswersOfOrder(db, id),
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
    customerAnswers,
  };
  if (seesPrice(viewer)) detail.pricePence = order.pricePence;
  if (fieldFlags) detail.fieldFlags = fieldFlags;
  return detail;
}

export async function getOrderDetailByNumber(db: Database, orderNumber: string, viewer: Viewer) {
  const id = await findOrderIdByNumber(db, orderNumber);
  if (!id) throw orderNotFound();
  return getOrderDetail(db, id, viewer);
}
