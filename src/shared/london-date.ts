// The business works by the UK calendar: visits are booked, emails keyed and reports bucketed by
// the Europe/London date of a moment, whatever zone the server or the phone runs in.

const londonCalendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK calendar date (YYYY-MM-DD) of a moment; today's when none is given. */
export function londonDateOf(at: Date = new Date()): string {
  return londonCalendar.format(at);
}
