// The one rule for which move an order expects next (issue 24, decision 060). The order page
// makes this move its primary button when the viewer may make it as one of the step's own
// actors; every other allowed move (the office recording a customer's form or a contractor's
// acceptance by phone, holding, cancelling) stays secondary.
import type { LifecycleAction, LifecycleActor } from './order-lifecycle';
import type { AssignmentState, KitStatus, OrderStatus } from './order-status';

export type NextStep = {
  action: LifecycleAction;
  /** Whose step it is in the ordinary course (not who could record it for them). */
  by: readonly LifecycleActor[];
  /** Said when the viewer waits on someone else, e.g. "the customer to fill in the form". */
  waitingFor: string;
};

export type NextStepOrder = {
  status: OrderStatus;
  kitStatus: KitStatus;
  assignmentState: AssignmentState;
};

const step = (
  action: LifecycleAction,
  by: readonly LifecycleActor[],
  waitingFor: string,
): NextStep => ({ action, by, waitingFor });

/** The kit must be ready before the visit is booked: its step comes first. */
function kitOrSchedule(kitStatus: KitStatus): NextStep {
  if (kitStatus === 'awaiting_dispatch')
    return step('dispatch_kit', ['back_office'], 'back office to dispatch the kit');
  if (kitStatus === 'dispatched')
    return step('confirm_kit_arrived', ['customer'], 'the customer to confirm the kit arrived');
  return step('schedule', ['contractor', 'back_office'], 'the contractor to book the visit');
}

/** The move the order expects next, or null once it has ended. */
export function nextStep(order: NextStepOrder): NextStep | null {
  switch (order.status) {
    case 'received':
      return step('submit_customer_form', ['customer'], 'the customer to fill in the form');
    case 'customer_submitted':
      return step('validate', ['back_office'], 'back office to validate the customer');
    case 'validated':
      return order.assignmentState === 'offered'
        ? step('accept', ['contractor'], 'the contractor to accept the order')
        : step('assign', ['back_office'], 'back office to offer the order to a contractor');
    case 'assigned':
    case 'revisit_required':
      return kitOrSchedule(order.kitStatus);
    case 'scheduled':
      return step('check_in', ['engineer'], 'the engineer to check in on site');
    case 'in_progress':
      return step('complete', ['engineer'], 'the engineer to complete the installation');
    case 'completed':
      return step('close', ['back_office'], 'back office to approve the order for invoicing');
    case 'on_hold':
      return step('resume', ['back_office'], 'back office to resume the order');
    case 'closed':
    case 'cancelled':
      return null;
  }
}

/**
 * The primary move for a viewer acting as `actors`, among the moves `allowed` now: the
 * expected next step when it is the viewer's own to take, else none.
 */
export function primaryAction(
  order: NextStepOrder,
  actors: readonly LifecycleActor[],
  allowed: readonly LifecycleAction[],
): LifecycleAction | null {
  const next = nextStep(order);
  if (!next || !allowed.includes(next.action)) return null;
  return next.by.some((actor) => actors.includes(actor)) ? next.action : null;
}
