import { visitSlotLabels, type VisitSlot, type VisitStatus } from '../orders/order-status';

// Decision 034: an engineer takes one all-day visit a day, or one AM and one PM visit.

/** The slots a visit in `slot` occupies. */
const halves: Record<VisitSlot, readonly ('am' | 'pm')[]> = {
  am: ['am'],
  pm: ['pm'],
  all_day: ['am', 'pm'],
};

/** Whether a new visit in `slot` fits beside visits already in `taken` the same day. */
export function slotFree(slot: VisitSlot, taken: readonly VisitSlot[]): boolean {
  const used = new Set(taken.flatMap((t) => halves[t]));
  return halves[slot].every((half) => !used.has(half));
}

/** The visits that hold their slot; cancelled and failed ones free it. */
export const slotHoldingStatuses = [
  'scheduled',
  'in_progress',
  'completed',
] as const satisfies readonly VisitStatus[];

/** A booked visit as the capacity rule sees it (a database row or a board visit). */
export type PlacedVisit = {
  id: string;
  engineerId: string;
  date: string;
  slot: VisitSlot;
  status: VisitStatus;
};

/**
 * The slots the engineer's visits hold on the day, leaving out `exceptVisitId` (the visit being
 * moved, which frees its own slot). The server's refusal and the board's offer both read this.
 */
export function takenSlotsOf(
  visits: readonly PlacedVisit[],
  engineerId: string,
  date: string,
  exceptVisitId: string | null,
): VisitSlot[] {
  return visits
    .filter(
      (v) =>
        v.engineerId === engineerId &&
        v.date === date &&
        v.id !== exceptVisitId &&
        (slotHoldingStatuses as readonly VisitStatus[]).includes(v.status),
    )
    .map((v) => v.slot);
}

/**
 * Whether the engineer can take a visit in `slot` on `date`, given the visits already booked
 * (the one being moved left out): the server's ENGINEER_FULL refusal and the board's "Place here".
 */
export function engineerHasRoom(
  visits: readonly PlacedVisit[],
  place: { engineerId: string; date: string; slot: VisitSlot },
  exceptVisitId: string | null,
): boolean {
  return slotFree(place.slot, takenSlotsOf(visits, place.engineerId, place.date, exceptVisitId));
}

/** What is in the way: `an all-day visit`, `an AM and a PM visit`, `an AM visit`, `a PM visit`. */
export function takenWords(slot: VisitSlot, taken: readonly VisitSlot[]): string {
  if (taken.includes('all_day')) return 'an all-day visit';
  if (taken.length > 1) return 'an AM and a PM visit';
  const one = taken[0] ?? slot;
  return `${one === 'pm' ? 'a' : 'an'} ${visitSlotLabels[one]} visit`;
}

/** Why the slot is full, for the refusal. */
export function fullMessage(engineerName: string, slot: VisitSlot, taken: readonly VisitSlot[]) {
  const what = takenWords(slot, taken);
  return `${engineerName} is full: they already have ${what} that day (one all-day visit, or one AM and one PM visit a day).`;
}

/** Monday of the week holding `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return addDays(date, -offset);
}

export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, as the working-days setting counts. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
