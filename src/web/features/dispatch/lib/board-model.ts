import type { Board, BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import { engineerHasRoom, takenSlotsOf, takenWords } from '@shared/dispatch/capacity';
import { visitSlotLabels, visitSlots, type VisitSlot } from '@shared/orders/order-status';

/** Where a card can go: an engineer's slot on a day. */
export type Target = { engineerId: string; date: string; slot: VisitSlot };

/** What is being placed: a waiting order, or a booked visit being moved. */
export type Picked = { kind: 'order'; order: WaitingOrder } | { kind: 'visit'; visit: BoardVisit };

export const slotsInOrder: readonly VisitSlot[] = visitSlots;

/** Whether /settings offers the slot: only then can a card be placed in it. */
export const slotOffered = (board: Board, slot: VisitSlot) => board.slots.includes(slot);

/** The slots the board shows: those offered, and any other still holding a visit this week. */
export function shownSlots(board: Board): VisitSlot[] {
  return visitSlots.filter(
    (slot) => slotOffered(board, slot) || board.visits.some((visit) => visit.slot === slot),
  );
}

/** The first slot offered, for a form's default. */
export const firstOfferedSlot = (board: Board): VisitSlot => board.slots[0] ?? 'am';

/** What the board writes under a day that cannot take visits: a bank holiday, or a day off. */
export function dayNote(day: Board['days'][number]): string | null {
  if (day.holiday) return `Bank holiday: ${day.holiday}`;
  return day.working ? null : 'Not a working day';
}

export const targetKey = (t: Target) => `${t.engineerId}|${t.date}|${t.slot}`;

export function dayLabel(date: string, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: style,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

export function engineerName(board: Board, engineerId: string): string {
  const engineer = board.engineers.find((e) => e.id === engineerId);
  return engineer ? `${engineer.firstName} ${engineer.lastName}`.trim() : 'an engineer';
}

/** "with Sam Penrose on Tuesday 8 January, AM" */
export function targetWords(board: Board, target: Target): string {
  return `with ${engineerName(board, target.engineerId)} on ${dayLabel(target.date)}, ${visitSlotLabels[target.slot]}`;
}

export function pickedNumber(picked: Picked): string {
  return picked.kind === 'order' ? picked.order.orderNumber : picked.visit.orderNumber;
}

/** The visits in one engineer's slot on one day. */
export function visitsIn(board: Board, target: Target): BoardVisit[] {
  return board.visits.filter(
    (v) => v.engineerId === target.engineerId && v.date === target.date && v.slot === target.slot,
  );
}

/** Whether the visit is the one being placed somewhere else. */
export const isSamePlace = (visit: BoardVisit, target: Target) =>
  visit.engineerId === target.engineerId &&
  visit.date === target.date &&
  visit.slot === target.slot;

/** The visit being moved, which frees its own slot while it is picked or dragged. */
const movingId = (placing: Picked | null) => (placing?.kind === 'visit' ? placing.visit.id : null);

/**
 * Whether the engineer has room there for what is being placed: the server's ENGINEER_FULL rule
 * (src/shared/dispatch/capacity.ts), so the board never offers a slot the server would refuse.
 */
export const hasRoom = (board: Board, target: Target, placing: Picked | null) =>
  engineerHasRoom(board.visits, target, movingId(placing));

/** "Sam Penrose already has an all-day visit": why a full slot takes nothing. */
export function fullWords(board: Board, target: Target, placing: Picked | null): string {
  const taken = takenSlotsOf(board.visits, target.engineerId, target.date, movingId(placing));
  return `${engineerName(board, target.engineerId)} already has ${takenWords(target.slot, taken)} that day`;
}
