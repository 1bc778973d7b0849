import { addDays, slotFree } from '@shared/dispatch/capacity';
import type { VisitSlot } from '@shared/orders/order-status';

// The demo data keeps to the engineers' capacity (decision 034) as the dispatch board does:
// seeders note here the visits they book and look for a free slot before booking another.

export type Booking = { engineerId: string; date: string; slot: VisitSlot };

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
 * slots in the given order; when the day is full, the next day `step` days away, and so on.
 */
export function firstFreeBooking(
  book: SlotBook,
  plan: { engineerIds: readonly string[]; date: string; slots: readonly VisitSlot[]; step: 1 | -1 },
): Booking {
  if (plan.engineerIds.length === 0 || plan.slots.length === 0) throw new Error('nothing to book');
  for (let date = plan.date; ; date = addDays(date, plan.step)) {
    for (const engineerId of plan.engineerIds) {
      for (const slot of plan.slots) {
        const booking = { engineerId, date, slot };
        if (book.isFree(booking)) return booking;
      }
    }
  }
}
