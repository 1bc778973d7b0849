// PRODUCT.md "The order lifecycle": the order's status, its kit track and the visit's words.

export const orderStatuses = [
  'received',
  'customer_submitted',
  'validated',
  'assigned',
  'scheduled',
  'in_progress',
  'revisit_required',
  'completed',
  'closed',
  'on_hold',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  received: 'Received',
  customer_submitted: 'Customer submitted',
  validated: 'Validated',
  assigned: 'Assigned',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  revisit_required: 'Revisit required',
  completed: 'Completed',
  closed: 'Closed',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
};

/** Statuses in which the order is still being worked (SLA clock running). */
export const openOrderStatuses = [
  'received',
  'customer_submitted',
  'validated',
  'assigned',
  'scheduled',
  'in_progress',
  'revisit_required',
  'on_hold',
] as const satisfies readonly OrderStatus[];

export const kitStatuses = [
  'awaiting_dispatch',
  'dispatched',
  'arrived',
  'customer_supplied',
] as const;
export type KitStatus = (typeof kitStatuses)[number];

export const kitStatusLabels: Record<KitStatus, string> = {
  awaiting_dispatch: 'Awaiting dispatch',
  dispatched: 'Dispatched',
  arrived: 'Arrived',
  customer_supplied: 'Customer supplied',
};

export const visitSlots = ['am', 'pm', 'all_day'] as const;
export type VisitSlot = (typeof visitSlots)[number];
export const visitSlotLabels: Record<VisitSlot, string> = {
  am: 'AM',
  pm: 'PM',
  all_day: 'All day',
};

export const visitStatuses = [
  'scheduled',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
] as const;
export type VisitStatus = (typeof visitStatuses)[number];

/** PRODUCT.md "Visits": why a visit failed. */
export const failureReasons = [
  'customer_absent',
  'no_access',
  'unsafe',
  'obstructed',
  'kit_faulty',
  'customer_declined',
  'other',
] as const;
export type FailureReason = (typeof failureReasons)[number];
export const failureReasonLabels: Record<FailureReason, string> = {
  customer_absent: 'Customer absent',
  no_access: 'No access',
  unsafe: 'Unsafe',
  obstructed: 'Obstructed',
  kit_faulty: 'Kit faulty',
  customer_declined: 'Customer declined',
  other: 'Other',
};

export const slaStates = ['on_track', 'at_risk', 'breached'] as const;
export type SlaState = (typeof slaStates)[number];
export const slaStateLabels: Record<SlaState, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  breached: 'Breached',
};

export const customerValidationStatuses = ['unvalidated', 'validated', 'rejected'] as const;
export type CustomerValidationStatus = (typeof customerValidationStatuses)[number];

/** Where an order stands with its contractor while it is `validated` or later. */
export const assignmentStates = ['unassigned', 'offered', 'accepted'] as const;
export type AssignmentState = (typeof assignmentStates)[number];
