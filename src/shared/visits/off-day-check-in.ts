import { londonDateOf } from '@shared/london-date';
// Issue 24 (4): a check-in on another day than the booked one asks why, and the record keeps
// it. One rule for the engineer's phone (which decides with its own clock, offline) and the
// server (which judges the time the check-in was made, not when it arrived), so a check-in made
// on the booked day and sent days later is never refused.

/** The longest reason kept. */
export const offDayReasonMax = 500;

/** Whether a check-in at `at` falls on another UK day than the visit's booked date. */
export function isOffDayCheckIn(bookedDate: string, at: Date): boolean {
  return londonDateOf(at) !== bookedDate;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-12-01` → `Tue 1 Dec 2026` (a calendar date: no time zone can move it). */
export function bookedDayWords(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** `2026-12-01` → `01/12/2026`. */
export function ukDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** What the phone and the server say when the reason is missing. */
export function offDayReasonMessage(bookedDate: string): string {
  return `This visit is booked for ${bookedDayWords(bookedDate)}. Say why you are checking in on another day.`;
}

/** `Checked in on 24/11/2026, booked for 01/12/2026: the customer asked for today`. */
export function offDayCheckInWords(
  checkedInDate: string,
  bookedDate: string,
  reason: string | null,
): string {
  const words = `Checked in on ${ukDate(checkedInDate)}, booked for ${ukDate(bookedDate)}`;
  return reason ? `${words}: ${reason}` : words;
}
