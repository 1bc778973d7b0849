// Issue 25: Undo for the changes people make by mistake and can safely reverse within a short
// time (decision 082). The toast offers it for as long as the server accepts it.

/** How long after a change its maker may undo it (and the toast stays up). */
export const undoWindowMs = 10_000;

/** The order changes that can be undone: assigning, taking off the schedule, moving a visit. */
export const undoableActions = ['assign', 'unschedule', 'reschedule'] as const;
export type UndoableAction = (typeof undoableActions)[number];

export function isUndoable(type: string): type is UndoableAction {
  return (undoableActions as readonly string[]).includes(type);
}

/** POST (no body): undoes the last change this user made to the order, within the window. */
export const orderUndoPath = (orderId: string) => `/api/orders/${orderId}/undo`;

export const undoMessages = {
  nothing: 'There is nothing of yours to undo on this order.',
  tooLate: 'Too late to undo: changes can be undone for 10 seconds.',
  notLast: 'Someone changed the order since; it cannot be undone.',
} as const;

/** The reason written on the change that undoes another. */
export const undoReason = 'Undone straight after it was made';
