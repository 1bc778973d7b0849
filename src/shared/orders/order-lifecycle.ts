// PRODUCT.md "The order lifecycle", as data. Every status and kit change on the server goes
// through `decideTransition`; the web asks the server which actions are allowed now (the order
// detail's `allowedActions`) rather than re-deriving them. See docs/decisions (lifecycle as data).
import {
  failureReasons,
  kitStatusLabels,
  orderStatusLabels,
  type CustomerValidationStatus,
  type FailureReason,
  type KitStatus,
  type OrderStatus,
} from './order-status';
import { completionRequirementLabel, type CompletionRequirement } from '../visits/visit-record';

/** Who is making a move, relative to the order (not the user's role in general). */
export const lifecycleActors = [
  'back_office',
  'contractor',
  'engineer',
  'customer',
  'partner',
] as const;
export type LifecycleActor = (typeof lifecycleActors)[number];

export const lifecycleActorLabels: Record<LifecycleActor, string> = {
  back_office: 'Back office',
  contractor: 'The order’s contractor',
  engineer: 'The visit’s engineer',
  customer: 'The customer',
  partner: 'The partner',
};

export const statusActions = [
  'submit_customer_form',
  'validate',
  'assign',
  'unassign',
  'accept',
  'decline',
  'schedule',
  'reschedule',
  'unschedule',
  'check_in',
  'complete',
  'fail',
  'close',
  'hold',
  'resume',
  'cancel',
] as const;
export type StatusAction = (typeof statusActions)[number];

export const kitActions = [
  'dispatch_kit',
  'confirm_kit_arrived',
  'mark_kit_customer_supplied',
] as const;
export type KitAction = (typeof kitActions)[number];

export const lifecycleActions = [...statusActions, ...kitActions] as const;
export type LifecycleAction = StatusAction | KitAction;

/** Button text and the verb used in refusal messages. */
export const lifecycleActionLabels: Record<LifecycleAction, { label: string; verb: string }> = {
  submit_customer_form: {
    label: 'Mark customer form submitted',
    verb: 'record the customer form for',
  },
  validate: { label: 'Validate', verb: 'validate' },
  assign: { label: 'Assign contractor', verb: 'assign' },
  unassign: { label: 'Withdraw from contractor', verb: 'withdraw from its contractor' },
  accept: { label: 'Accept', verb: 'accept' },
  decline: { label: 'Decline', verb: 'decline' },
  schedule: { label: 'Schedule visit', verb: 'schedule' },
  reschedule: { label: 'Reschedule visit', verb: 'reschedule' },
  unschedule: { label: 'Unschedule visit', verb: 'unschedule' },
  check_in: { label: 'Check in', verb: 'check in on' },
  complete: { label: 'Complete', verb: 'complete' },
  fail: { label: 'Visit failed', verb: 'fail the visit of' },
  // Not "Close": beside a dialog's own close button, that word said two things (issue 24).
  close: { label: 'Approve for invoicing', verb: 'close' },
  hold: { label: 'Put on hold', verb: 'put on hold' },
  resume: { label: 'Resume', verb: 'resume' },
  cancel: { label: 'Cancel order', verb: 'cancel' },
  dispatch_kit: { label: 'Dispatch kit', verb: 'dispatch the kit of' },
  confirm_kit_arrived: { label: 'Kit arrived', verb: 'confirm the kit arrived for' },
  mark_kit_customer_supplied: {
    label: 'Customer supplies kit',
    verb: 'mark the kit customer-supplied for',
  },
};

/**
 * What must hold for a move. `state` conditions depend only on the order and decide whether a
 * button shows at all; `input` conditions depend on what the request carries.
 */
export const lifecycleConditions = {
  // state
  customer_not_rejected: 'state',
  offer_pending: 'state',
  has_contractor: 'state',
  contractor_accepted: 'state',
  hold_from_before_scheduled: 'state',
  // input
  reason: 'input',
  failure_reason: 'input',
  contractor_active: 'input',
  engineer_of_contractor: 'input',
  kit_ready_or_override: 'input',
  completion_record: 'input',
  courier_and_tracking: 'input',
} as const;
export type LifecycleCondition = keyof typeof lifecycleConditions;

export type StatusTransition = {
  action: StatusAction;
  from: readonly OrderStatus[];
  /** The status after the move; `held_status` means the status the order left for on_hold. */
  to: OrderStatus | 'held_status';
  actors: readonly LifecycleActor[];
  requires: readonly LifecycleCondition[];
};

export type KitTransition = {
  action: KitAction;
  from: readonly KitStatus[];
  to: KitStatus;
  actors: readonly LifecycleActor[];
  requires: readonly LifecycleCondition[];
};

const beforeScheduled = ['received', 'customer_submitted', 'validated', 'assigned'] as const;
const activeBeforeCompletion = [
  'received',
  'customer_submitted',
  'validated',
  'assigned',
  'scheduled',
  'in_progress',
  'revisit_required',
] as const;

/** Every allowed status move. Rows for one action may differ by actor (cancel). */
export const statusTransitions: readonly StatusTransition[] = [
  {
    action: 'submit_customer_form',
    from: ['received'],
    to: 'customer_submitted',
    actors: ['customer', 'back_office'],
    requires: [],
  },
  {
    // Back office may validate straight from `received` when it took the details by phone.
    action: 'validate',
    from: ['received', 'customer_submitted'],
    to: 'validated',
    actors: ['back_office'],
    requires: ['customer_not_rejected'],
  },
  {
    // Offers the order to a contractor; it stays `validated` until the contractor accepts.
    action: 'assign',
    from: ['validated'],
    to: 'validated',
    actors: ['back_office'],
    requires: ['contractor_active'],
  },
  {
    action: 'unassign',
    from: ['validated', 'assigned', 'revisit_required'],
    to: 'validated',
    actors: ['back_office'],
    requires: ['has_contractor', 'reason'],
  },
  {
    // Back office may record an acceptance the contractor gave by phone.
    action: 'accept',
    from: ['validated'],
    to: 'assigned',
    actors: ['contractor', 'back_office'],
    requires: ['offer_pending'],
  },
  {
    action: 'decline',
    from: ['validated', 'assigned'],
    to: 'validated',
    actors: ['contractor'],
    requires: ['has_contractor', 'reason'],
  },
  {
    action: 'schedule',
    from: ['assigned', 'revisit_required'],
    to: 'scheduled',
    actors: ['contractor', 'back_office'],
    requires: ['contractor_accepted', 'engineer_of_contractor', 'kit_ready_or_override'],
  },
  {
    action: 'reschedule',
    from: ['scheduled'],
    to: 'scheduled',
    actors: ['contractor', 'back_office'],
    requires: ['contractor_accepted', 'engineer_of_contractor', 'kit_ready_or_override'],
  },
  {
    // The contractor (dispatch board) or back office takes the visit off the schedule; the
    // order waits to be scheduled again. Decision 034.
    action: 'unschedule',
    from: ['scheduled'],
    to: 'assigned',
    actors: ['contractor', 'back_office'],
    requires: ['reason'],
  },
  {
    action: 'check_in',
    from: ['scheduled'],
    to: 'in_progress',
    actors: ['engineer'],
    requires: [],
  },
  {
    action: 'complete',
    from: ['in_progress'],
    to: 'completed',
    actors: ['engineer'],
    requires: ['completion_record'],
  },
  {
    // An engineer may record a failed visit without checking in (no access, customer absent).
    action: 'fail',
    from: ['scheduled', 'in_progress'],
    to: 'revisit_required',
    actors: ['engineer'],
    requires: ['failure_reason'],
  },
  { action: 'close', from: ['completed'], to: 'closed', actors: ['back_office'], requires: [] },
  {
    action: 'hold',
    from: activeBeforeCompletion,
    to: 'on_hold',
    actors: ['back_office'],
    requires: ['reason'],
  },
  { action: 'resume', from: ['on_hold'], to: 'held_status', actors: ['back_office'], requires: [] },
  {
    action: 'cancel',
    from: [...activeBeforeCompletion, 'on_hold'],
    to: 'cancelled',
    actors: ['back_office'],
    requires: ['reason'],
  },
  {
    // PRODUCT.md: the partner API may cancel only before `scheduled`.
    action: 'cancel',
    from: [...beforeScheduled, 'on_hold'],
    to: 'cancelled',
    actors: ['partner'],
    requires: ['reason', 'hold_from_before_scheduled'],
  },
];

/** Kit moves: beside the status, refused once the order has ended. */
export const kitTransitions: readonly KitTransition[] = [
  {
    action: 'dispatch_kit',
    from: ['awaiting_dispatch'],
    to: 'dispatched',
    actors: ['back_office'],
    requires: ['courier_and_tracking'],
  },
  {
    action: 'confirm_kit_arrived',
    from: ['dispatched'],
    to: 'arrived',
    actors: ['customer', 'back_office'],
    requires: [],
  },
  {
    action: 'mark_kit_customer_supplied',
    from: ['awaiting_dispatch'],
    to: 'customer_supplied',
    actors: ['back_office'],
    requires: [],
  },
];

/** Statuses in which the kit can no longer change. */
export const kitFrozenStatuses: readonly OrderStatus[] = ['completed', 'closed', 'cancelled'];

export type LifecycleOrder = {
  status: OrderStatus;
  kitStatus: KitStatus;
  /** The status the order left when it was put on hold. */
  holdFromStatus: OrderStatus | null;
  contractorId: string | null;
  /** The contractor has accepted the order (else it is only offered). */
  contractorAccepted: boolean;
  customerValidationStatus: CustomerValidationStatus;
};

/** What the request carries, resolved by the service where it needs the database. */
export type LifecycleInput = {
  reason?: string | null;
  failureReason?: FailureReason | null;
  /** Back office schedules before the kit is ready: why. */
  kitOverrideReason?: string | null;
  /** For assign: the contractor offered the order. */
  contractor?: { active: boolean } | null;
  /** For schedule: the engineer chosen, and whether they work for the order's contractor. */
  engineer?: { belongsToContractor: boolean; active: boolean } | null;
  /** For complete: what the visit's record still lacks (empty when complete; issue 18). */
  completionMissing?: readonly CompletionRequirement[];
  courier?: string | null;
  trackingNumber?: string | null;
};

export const lifecycleRefusalCodes = [
  'INVALID_TRANSITION',
  'ACTOR_NOT_PERMITTED',
  'REASON_REQUIRED',
  'FAILURE_REASON_REQUIRED',
  'CUSTOMER_REJECTED',
  'NOT_OFFERED',
  'NO_CONTRACTOR',
  'NOT_ACCEPTED',
  'HELD_AFTER_SCHEDULING',
  'CONTRACTOR_INACTIVE',
  'ENGINEER_REQUIRED',
  'ENGINEER_NOT_OF_CONTRACTOR',
  'KIT_NOT_READY',
  'COMPLETION_INCOMPLETE',
  'COURIER_REQUIRED',
  'ORDER_ENDED',
] as const;
export type LifecycleRefusalCode = (typeof lifecycleRefusalCodes)[number];

export type LifecycleRefusal = {
  ok: false;
  code: LifecycleRefusalCode;
  message: string;
  /** Machine-readable particulars (completion: `missing`, the requirements not met). */
  details?: Record<string, string[]>;
};
export type LifecycleDecision =
  | {
      ok: true;
      action: LifecycleAction;
      toStatus: OrderStatus;
      toKitStatus: KitStatus;
      /** Back office scheduled before the kit was ready. */
      kitOverridden: boolean;
    }
  | LifecycleRefusal;

export function isKitAction(action: LifecycleAction): action is KitAction {
  return (kitActions as readonly string[]).includes(action);
}

const hasText = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '';
const kitReady = (kit: KitStatus) => kit === 'arrived' || kit === 'customer_supplied';

function refuse(
  code: LifecycleRefusalCode,
  message: string,
  details?: Record<string, string[]>,
): LifecycleRefusal {
  return details ? { ok: false, code, message, details } : { ok: false, code, message };
}

function statusWords(status: OrderStatus) {
  return orderStatusLabels[status].toLowerCase();
}

/** The rows that could apply to this action, before actor and conditions are checked. */
function rowsFor(action: LifecycleAction): readonly (StatusTransition | KitTransition)[] {
  return isKitAction(action)
    ? kitTransitions.filter((row) => row.action === action)
    : statusTransitions.filter((row) => row.action === action);
}

function rowMatchesFrom(row: StatusTransition | KitTransition, order: LifecycleOrder): boolean {
  return isKitAction(row.action)
    ? (row.from as readonly string[]).includes(order.kitStatus)
    : (row.from as readonly string[]).includes(order.status);
}

/** A state or input condition that does not hold, or null. */
function checkCondition(
  condition: LifecycleCondition,
  action: LifecycleAction,
  actor: LifecycleActor,
  order: LifecycleOrder,
  input: LifecycleInput,
  evaluateInput: boolean,
): LifecycleRefusal | null {
  const verb = lifecycleActionLabels[action].verb;
  if (lifecycleConditions[condition] === 'input' && !evaluateInput) return null;
  switch (condition) {
    case 'customer_not_rejected':
      return order.customerValidationStatus === 'rejected'
        ? refuse(
            'CUSTOMER_REJECTED',
            'The customer was rejected; correct and validate the customer first.',
          )
        : null;
    case 'offer_pending':
      return order.contractorId && !order.contractorAccepted
        ? null
        : refuse('NOT_OFFERED', 'The order has not been offered to a contractor.');
    case 'has_contractor':
      return order.contractorId ? null : refuse('NO_CONTRACTOR', 'The order has no contractor.');
    case 'contractor_accepted':
      return order.contractorId && order.contractorAccepted
        ? null
        : refuse('NOT_ACCEPTED', 'The contractor has not accepted the order yet.');
    case 'hold_from_before_scheduled':
      return order.status !== 'on_hold' ||
        (order.holdFromStatus !== null &&
          (beforeScheduled as readonly string[]).includes(order.holdFromStatus))
        ? null
        : refuse(
            'HELD_AFTER_SCHEDULING',
            'The order was scheduled before it was put on hold; only back office can cancel it.',
          );
    case 'reason':
      return hasText(input.reason)
        ? null
        : refuse('REASON_REQUIRED', `A reason is required to ${verb} an order.`);
    case 'failure_reason':
      if (
        !input.failureReason ||
        !(failureReasons as readonly string[]).includes(input.failureReason)
      )
        return refuse('FAILURE_REASON_REQUIRED', 'A failure reason is required.');
      return input.failureReason === 'other' && !hasText(input.reason)
        ? refuse('REASON_REQUIRED', 'Describe the reason when it is “Other”.')
        : null;
    case 'contractor_active':
      return input.contractor?.active
        ? null
        : refuse('CONTRACTOR_INACTIVE', 'The contractor is not active.');
    case 'engineer_of_contractor':
      if (!input.engineer) return refuse('ENGINEER_REQUIRED', 'Choose the engineer for the visit.');
      return input.engineer.belongsToContractor && input.engineer.active
        ? null
        : refuse(
            'ENGINEER_NOT_OF_CONTRACTOR',
            'The engineer is not an active engineer of the order’s contractor.',
          );
    case 'kit_ready_or_override':
      if (kitReady(order.kitStatus)) return null;
      if (actor === 'back_office' && hasText(input.kitOverrideReason)) return null;
      return refuse(
        'KIT_NOT_READY',
        `The kit is ${kitStatusLabels[order.kitStatus].toLowerCase()}: a visit can be scheduled once it has arrived or is customer-supplied` +
          (actor === 'back_office' ? ', or with an override reason.' : '.'),
      );
    case 'completion_record': {
      const missing = input.completionMissing ?? [];
      return missing.length === 0
        ? null
        : refuse(
            'COMPLETION_INCOMPLETE',
            `The visit cannot be completed yet. Missing: ${missing.map(completionRequirementLabel).join(', ')}.`,
            { missing: [...missing] },
          );
    }
    case 'courier_and_tracking':
      return hasText(input.courier) && hasText(input.trackingNumber)
        ? null
        : refuse('COURIER_REQUIRED', 'The courier and the tracking number are required.');
  }
}

function evaluate(
  action: LifecycleAction,
  actor: LifecycleActor,
  order: LifecycleOrder,
  input: LifecycleInput,
  evaluateInput: boolean,
): LifecycleDecision {
  const { label, verb } = lifecycleActionLabels[action];
  const rows = rowsFor(action);
  if (isKitAction(action) && kitFrozenStatuses.includes(order.status)) {
    return refuse(
      'ORDER_ENDED',
      `The order is ${statusWords(order.status)}; its kit can no longer change.`,
    );
  }
  const fromRows = rows.filter((row) => rowMatchesFrom(row, order));
  if (fromRows.length === 0) {
    const where = isKitAction(action)
      ? `the kit is ${kitStatusLabels[order.kitStatus].toLowerCase()}`
      : `the order is ${statusWords(order.status)}`;
    return refuse('INVALID_TRANSITION', `“${label}” is not possible while ${where}.`);
  }
  const row = fromRows.find((candidate) => candidate.actors.includes(actor));
  if (!row) {
    return refuse(
      'ACTOR_NOT_PERMITTED',
      `${lifecycleActorLabels[actor]} cannot ${verb} an order that is ${statusWords(order.status)}.`,
    );
  }
  for (const condition of row.requires) {
    const refusal = checkCondition(condition, action, actor, order, input, evaluateInput);
    if (refusal) return refusal;
  }
  let toStatus = order.status;
  let toKitStatus = order.kitStatus;
  if (isKitAction(action)) toKitStatus = (row as KitTransition).to;
  else {
    const to = (row as StatusTransition).to;
    if (to === 'held_status') {
      if (!order.holdFromStatus) {
        return refuse('INVALID_TRANSITION', 'The order does not record the status it left.');
      }
      toStatus = order.holdFromStatus;
    } else toStatus = to;
  }
  const kitOverridden =
    (action === 'schedule' || action === 'reschedule') && !kitReady(order.kitStatus);
  return { ok: true, action, toStatus, toKitStatus, kitOverridden };
}

/** Decides one move: allowed (with the resulting status and kit status) or refused with why. */
export function decideTransition(
  action: LifecycleAction,
  actor: LifecycleActor,
  order: LifecycleOrder,
  input: LifecycleInput = {},
): LifecycleDecision {
  return evaluate(action, actor, order, input, true);
}

/**
 * Decides for a user who may act as several actors (a dual contractor-engineer, say): allowed
 * if any of them may; otherwise the refusal of the first actor that got past the status check,
 * which is the most useful one to show.
 */
export function decideForActors(
  action: LifecycleAction,
  actors: readonly LifecycleActor[],
  order: LifecycleOrder,
  input: LifecycleInput = {},
): LifecycleDecision & { actor?: LifecycleActor } {
  let best: LifecycleRefusal | null = null;
  for (const actor of actors) {
    const decision = decideTransition(action, actor, order, input);
    if (decision.ok) return { ...decision, actor };
    if (!best || (best.code === 'ACTOR_NOT_PERMITTED' && decision.code !== 'ACTOR_NOT_PERMITTED'))
      best = decision;
  }
  return best ?? refuse('ACTOR_NOT_PERMITTED', 'You cannot change this order.');
}

export type AllowedAction = {
  action: LifecycleAction;
  label: string;
  /** The request must carry these (reason, failure reason, engineer, ...). */
  needs: LifecycleCondition[];
};

/** The moves the actors could make now, judged on the order alone (buttons to show). */
export function allowedActions(
  actors: readonly LifecycleActor[],
  order: LifecycleOrder,
): AllowedAction[] {
  const result: AllowedAction[] = [];
  for (const action of lifecycleActions) {
    for (const actor of actors) {
      const decision = evaluate(action, actor, order, {}, false);
      if (!decision.ok) continue;
      const row = rowsFor(action).find(
        (candidate) => rowMatchesFrom(candidate, order) && candidate.actors.includes(actor),
      );
      const requires = row?.requires ?? [];
      // Only back office may schedule before the kit is ready.
      if (
        requires.includes('kit_ready_or_override') &&
        !kitReady(order.kitStatus) &&
        actor !== 'back_office'
      )
        continue;
      const needs = requires.filter((c) => lifecycleConditions[c] === 'input');
      // Ready kit needs no override; keep the condition only when an override reason is needed.
      const filtered = needs.filter(
        (c) => c !== 'kit_ready_or_override' || !kitReady(order.kitStatus),
      );
      result.push({ action, label: lifecycleActionLabels[action].label, needs: filtered });
      break;
    }
  }
  return result;
}
