// The day-before reminder (decision 029): every day at 18:00 Europe/London, for tomorrow's visits.

export const reminderJob = 'messages.reminders';
export const reminderCron = '0 18 * * *';
export const reminderTimeZone = 'Europe/London';

/** Tomorrow's date in Europe/London (YYYY-MM-DD) as seen at `now`. */
export function tomorrowInLondon(now: Date): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: reminderTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
