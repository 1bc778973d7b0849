import type { VisitSlot } from '../orders/order-status';

// Issue 21 / issue 24 (5), decision 071: a visit is booked only in a slot /settings offers, on a
// working weekday that is not a bank holiday. One rule for the server's refusals (every
// schedule and reschedule path) and for what the board offers.

export type BookingRules = {
  /** 0 Sunday … 6 Saturday. */
  workingDays: readonly number[];
  /** The dates not worked, with their names. */
  bankHolidays: readonly { date: string; name: string }[];
  /** The slots offered, in order. */
  offeredSlots: readonly VisitSlot[];
};

export type BookingRefusal = {
  field: 'date' | 'slot';
  reason: 'not_working_day' | 'slot_not_offered';
  message: string;
};

/** How a refusal names the slot: `The PM slot`, `The all-day slot`. */
export const slotWords: Record<VisitSlot, string> = { am: 'AM', pm: 'PM', all_day: 'all-day' };

/** `Saturday 5 December`. */
export function dayWords(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The bank holiday's name when the date is one, else null. */
export function bankHolidayOn(
  rules: Pick<BookingRules, 'bankHolidays'>,
  date: string,
): string | null {
  return rules.bankHolidays.find((holiday) => holiday.date === date)?.name ?? null;
}

/** Why the date cannot take a visit, or null when it can. */
export function dateRefusal(
  rules: Pick<BookingRules, 'workingDays' | 'bankHolidays'>,
  date: string,
): BookingRefusal | null {
  const holiday = bankHolidayOn(rules, date);
  if (holiday !== null) {
    return {
      field: 'date',
      reason: 'not_working_day',
      message: `${dayWords(date)} is a bank holiday (${holiday}).`,
    };
  }
  if (!rules.workingDays.includes(weekdayOf(date))) {
    return {
      field: 'date',
      reason: 'not_working_day',
      message: `${dayWords(date)} is not a working day.`,
    };
  }
  return null;
}

/** Why the slot cannot be booked, or null when it is offered. */
export function slotRefusal(
  rules: Pick<BookingRules, 'offeredSlots'>,
  slot: VisitSlot,
): BookingRefusal | null {
  return rules.offeredSlots.includes(slot)
    ? null
    : {
        field: 'slot',
        reason: 'slot_not_offered',
        message: `The ${slotWords[slot]} slot is not offered.`,
      };
}

/** Every reason the date and slot cannot be booked: the date's first, then the slot's. */
export function bookingRefusals(
  rules: BookingRules,
  date: string,
  slot: VisitSlot,
): BookingRefusal[] {
  return [dateRefusal(rules, date), slotRefusal(rules, slot)].filter(
    (refusal): refusal is BookingRefusal => refusal !== null,
  );
}
