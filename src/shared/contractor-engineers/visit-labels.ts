import { visitSlotLabels, type VisitSlot } from '../orders/order-status';

// Spelled out rather than Intl: the same text on the server, in every browser and in tests.
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

type When = { scheduledDate: string; slot: VisitSlot };

/** `Wed 25 Nov 2026 (AM)`: a visit's calendar date (YYYY-MM-DD) and slot. */
export function visitWhen({ scheduledDate, slot }: When): string {
  const date = new Date(`${scheduledDate}T00:00:00Z`);
  const day = `${weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day} (${visitSlotLabels[slot]})`;
}

/** `UPL-2026-000012 on Wed 25 Nov 2026 (AM)`: a visit to move before its engineer is disabled. */
export function visitToMove(visit: When & { orderNumber: string }): string {
  return `${visit.orderNumber} on ${visitWhen(visit)}`;
}

/** `No visits to come`, `1 visit to come`, `3 visits to come`. */
export function visitsToCome(count: number): string {
  if (count === 0) return 'No visits to come';
  return `${count} ${count === 1 ? 'visit' : 'visits'} to come`;
}
