import { conflict, notFound } from '../../errors';
import { orderErrorCodes } from '@shared/error-codes';
import type { Viewer } from './order-access';
import type { OrderRow } from './orders.repository';

// What every change of an order shares: who made it, the version check, the not-found answer.

export const orderNotFound = () => notFound('Order not found');

/** Who made a change, as the event records it. */
export type ChangeActor =
  | { kind: 'user'; viewer: Viewer }
  | { kind: 'customer'; name: string }
  | { kind: 'partner'; partnerId: string; name: string }
  | { kind: 'system'; name: string };

export function eventActor(actor: ChangeActor, role: string) {
  if (actor.kind === 'user') {
    return { actorUserId: actor.viewer.userId, actorName: actor.viewer.name, actorRole: role };
  }
  return { actorUserId: null, actorName: actor.name, actorRole: actor.kind };
}

export function checkVersion(order: OrderRow, expected: number | undefined) {
  if (expected !== undefined && expected !== order.version) {
    throw conflict(
      orderErrorCodes.staleOrder,
      'The order was changed by someone else; reload it and try again.',
    );
  }
}

export { inTransaction } from '../../db/transaction';
