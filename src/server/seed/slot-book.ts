import { defaultWorkingDays } from '@shared/customer-links/customer-form.contracts';
import { addDays, slotFree } from '@shared/dispatch/capacity';
import type { VisitSlot } from '@shared/orders/order-status';
import { englandAndWalesBankHolidays } from '@shared/settings/bank-holidays';
import { dateRefusal } from '@shared/settings/booking-rules';

// The demo data keeps to the engineers' capacity (decision 034) as the dispatch board does:
// seeders note here the visits they book and look for a free slot before booking another.

export type Booking = { engineerId: string; date: string; slot: VisitSlot };

/**
 * Whether the demo books visits on a date: a working day of the default settings that is not a
 * bundled bank holiday, as the board and the server would accept (decision 071).
 */
export function isDemoWorkingDay(date: string): boolean {
  const calendar = { workingDays: defaultWorkingDays, bankHolidays: englandAndWalesBankHolidays };
  return dateRefusal(calendar, date) === null;
}

/** A slot a later seeder books for a demo account, so earlier seeders leave it free. */
export type ReservedSlot = { email: string; date: string; slot: VisitSlot };

/** The slots taken so far, per engineer and date. */
export function createSlotBook() {
  const taken = new Map<string, VisitSlot[]>();
  const key = (engineerId: string, date: string) => `${engineerId} ${date}`;
  return {
    isFree: ({ engineerId, date, slot }: Booking) =>
      slotFree(slot, taken.get(key(engineerId, date)) ?? []),
    take: ({ engineerId, date, slot }: Booking) => {
      taken.set(key(engineerId, date), [...(taken.get(key(engineerId, date)) ?? []), slot]);
    },
  };
}
export type SlotBook = ReturnType<typeof createSlotBook>;

/**
 * The first free booking: on `date`, each engineer in turn (the planned one first) with the
 * slots in the given order; when the day is full or not worked, the next day `step` days away,
 * and so on.
 */
export function firstFreeBooking(
  book: SlotBook,
  plan: { engineerIds: readonly string[]; date: string; slots: readonly VisitSlot[]; step: 1 | -1 },
): Booking {
  if (plan.engineerIds.length === 0 || plan.slots.length === 0) throw new Error('nothing to book');
  for (let date = plan.date; ; date = addDays(date, plan.step)) {
    if (!isDemoWorkingDay(date)) continue;
    for (const engineerId of plan.engineerIds) {
      for (const slot of plan.slots) {
        const booking = { engineerId, date, slot };
        if (book.isFree(booking)) return booking;
      }
    }
  }
}
