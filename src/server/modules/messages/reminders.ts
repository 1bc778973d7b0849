// The day-before reminder (decision 029): every day at 18:00 Europe/London, for tomorrow's visits.
import { londonDateOf } from '@shared/london-date';

export const reminderJob = 'messages.reminders';
export const reminderCron = '0 18 * * *';
export const reminderTimeZone = 'Europe/London';

/** Tomorrow's date in Europe/London (YYYY-MM-DD) as seen at `now`. */
export function tomorrowInLondon(now: Date): string {
  const today = londonDateOf(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
