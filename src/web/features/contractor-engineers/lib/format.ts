import type { EngineerVisit } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { visitSlotLabels } from '@shared/orders/order-status';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** `Wed, 25 Nov (AM)`: a visit's calendar date (YYYY-MM-DD) and slot. */
export function visitWhen(visit: Pick<EngineerVisit, 'scheduledDate' | 'slot'>): string {
  return `${dateFormat.format(new Date(`${visit.scheduledDate}T00:00:00Z`))} (${visitSlotLabels[visit.slot]})`;
}

/** `No visits to come`, `1 visit to come`, `3 visits to come`. */
export function visitsToCome(count: number): string {
  if (count === 0) return 'No visits to come';
  return `${count} ${count === 1 ? 'visit' : 'visits'} to come`;
}
