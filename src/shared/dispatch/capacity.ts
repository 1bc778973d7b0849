import { visitSlotLabels, type VisitSlot } from '../orders/order-status';

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

/** Why the slot is full, for the refusal. */
export function fullMessage(engineerName: string, slot: VisitSlot, taken: readonly VisitSlot[]) {
  const what = taken.includes('all_day')
    ? 'an all-day visit'
    : taken.length > 1
      ? 'an AM and a PM visit'
      : `an ${visitSlotLabels[taken[0] ?? slot]} visit`;
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
