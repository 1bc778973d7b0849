import { and, desc, eq } from 'drizzle-orm';
import { conflict } from '../../errors';
import { commonErrorCodes } from '@shared/error-codes';
import type { LifecycleAction } from '@shared/orders/order-lifecycle';
import { isUndoable, undoMessages, undoReason, undoWindowMs } from '@shared/orders/undo';
import type { Database } from '../../db/client';
import type { AnyActionBody } from './actions/action-effect';
import type { Viewer } from './order-access';
import { performOrderAction } from './order-actions.service';
import { inTransaction, orderNotFound } from './order-change';
import { orderEvents } from './order-events.schema';
import { lockOrder } from './orders.repository';
import { findVisitRowsOfOrder } from '../visits/order-visits.service';

type EventRow = typeof orderEvents.$inferSelect;
type Placement = { engineerId: string; date: string; slot: AnyActionBody['slot'] };

/** The action that puts back what `event` changed, with its body. */
async function inverseOf(
  tx: Database,
  event: EventRow,
): Promise<{ action: LifecycleAction; body: AnyActionBody }> {
  const data = event.data;
  switch (event.type) {
    case 'assign':
      return typeof data.previousContractorId === 'string'
        ? { action: 'assign', body: { contractorId: data.previousContractorId } }
        : { action: 'unassign', body: { reason: undoReason } };
    case 'reschedule': {
      const from = data.from as Placement;
      return {
        action: 'reschedule',
        body: { engineerId: from.engineerId, date: from.date, slot: from.slot, reason: undoReason },
      };
    }
    default: {
      // unschedule: the same engineer, day and slot, with the kit exception it was booked under.
      const visits = await findVisitRowsOfOrder(tx, event.orderId);
      const cancelled = visits.find((visit) => visit.id === data.visitId);
      return {
        action: 'schedule',
        body: {
          engineerId: data.engineerId as string,
          date: data.date as string,
          slot: data.slot as AnyActionBody['slot'],
          ...(cancelled?.kitOverrideReason
            ? { kitOverrideReason: cancelled.kitOverrideReason }
            : {}),
        },
      };
    }
  }
}

/**
 * Undoes the last change `viewer` made to the order, if it is one that can be undone, nothing
 * has happened to the order since, and it is at most `undoWindowMs` old. The reverse goes
 * through the lifecycle like any change (so every rule and permission still applies) and its
 * event names the one it undoes, so the customer hears of neither (decision 082).
 */
export async function undoLastChange(
  db: Database,
  orderId: string,
  viewer: Viewer,
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (!(await lockOrder(tx, orderId))) throw orderNotFound();
    const [last] = await tx
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(desc(orderEvents.createdAt))
      .limit(1);
    const [mine] = await tx
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.actorUserId, viewer.userId)))
      .orderBy(desc(orderEvents.createdAt))
      .limit(1);
    if (!mine || !isUndoable(mine.type) || mine.data.undoes) {
      throw conflict(commonErrorCodes.conflict, undoMessages.nothing);
    }
    if (last!.id !== mine.id) throw conflict(commonErrorCodes.conflict, undoMessages.notLast);
    if (now.getTime() - mine.createdAt.getTime() > undoWindowMs) {
      throw conflict(commonErrorCodes.conflict, undoMessages.tooLate);
    }
    const { action, body } = await inverseOf(tx, mine);
    await performOrderAction(tx, orderId, action, body, { kind: 'user', viewer }, now, {
      undoes: mine.id,
    });
  });
}
