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

const londonMoment = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment in UK time, to the minute: "1 Jul 2026, 14:05". */
export function londonMomentWords(at: Date): string {
  return londonMoment.format(at);
}
