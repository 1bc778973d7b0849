import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { lifecycleErrorCodes } from '@shared/error-codes';
import {
  decideForActors,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleInput,
  type LifecycleRefusal,
} from '@shared/orders/order-lifecycle';
import { findCustomer } from '../customers/customers.service';
import { actionEffects } from './actions/action-effects';
import type { AnyActionBody } from './actions/action-effect';
import { actorsFor } from './order-access';
import {
  checkVersion,
  eventActor,
  inTransaction,
  orderNotFound,
  type ChangeActor,
} from './order-change';
import { canSee } from './order-detail.service';
import { lifecycleOrder } from './order-views';
import { findVisitRowsOfOrder } from '../visits/order-visits.service';
import {
  currentVisit,
  insertOrderEvent,
  lockOrder,
  updateOrderRow,
  type OrderRow,
} from './orders.repository';

export type { AnyActionBody };

function refusalError({ code, message, details }: Omit<LifecycleRefusal, 'ok'>) {
  const status = code === lifecycleErrorCodes.actorNotPermitted ? 403 : 409;
  return new AppError(status, code, message, details);
}

/**
 * Makes one lifecycle move: locks the order, decides through the lifecycle table, applies the
 * action's effect (actions/, one unit per action) and writes its event in the same transaction.
 * A racing change waits for the lock and is then judged against the new state (so the loser
 * gets 409).
 */
export async function performOrderAction(
  db: Database,
  orderId: string,
  action: LifecycleAction,
  body: AnyActionBody,
  actor: ChangeActor,
  now = new Date(),
  /** Recorded on the event beside the effect's own data (an undo names the change it undoes). */
  eventData: Record<string, unknown> = {},
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderNotFound();
    if (actor.kind === 'user' && !(await canSee(tx, actor.viewer, order))) throw orderNotFound();
    if (actor.kind === 'partner' && actor.partnerId !== order.partnerId) throw orderNotFound();
    checkVersion(order, body.expectedVersion);

    const customer = (await findCustomer(tx, order.customerId))!;
    const visitRows = await findVisitRowsOfOrder(tx, orderId);
    const current = currentVisit(visitRows.map((visit) => ({ visit })))?.visit ?? null;

    let actors: LifecycleActor[];
    if (actor.kind === 'user') actors = actorsFor(actor.viewer, order, current?.engineerId ?? null);
    else if (actor.kind === 'system') actors = ['back_office'];
    else actors = [actor.kind];

    const prepared = await actionEffects[action]({
      tx,
      order,
      customer,
      current,
      body,
      actor,
      now,
    });
    const input: LifecycleInput = {
      reason: body.reason,
      failureReason: body.failureReason,
      kitOverrideReason: body.kitOverrideReason,
      courier: body.courier,
      trackingNumber: body.trackingNumber,
      ...prepared.input,
    };

    const state = lifecycleOrder(order, customer.validationStatus);
    if (actors.length === 0)
      throw refusalError({
        code: lifecycleErrorCodes.actorNotPermitted,
        message: 'You cannot change this order.',
      });
    const decision = decideForActors(action, actors, state, input);
    if (!decision.ok) throw refusalError(decision);
    const madeAs = decision.actor ?? actors[0]!;

    const result = await prepared.apply(decision);
    const values: Partial<OrderRow> = {};
    if (decision.toStatus !== order.status) values.status = decision.toStatus;
    if (decision.toKitStatus !== order.kitStatus) values.kitStatus = decision.toKitStatus;
    Object.assign(values, result.values);
    const reason = result.reason !== undefined ? result.reason : input.reason?.trim() || null;

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
      data: { ...result.data, ...eventData },
      createdAt: now,
    });
  });
}
