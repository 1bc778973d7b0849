// The days we install on: a working weekday that is not a bank holiday.

export type WorkingCalendar = {
  /** 0 Sunday … 6 Saturday. */
  workingDays: readonly number[];
  /** YYYY-MM-DD dates that are not worked even on a working weekday. */
  bankHolidays: readonly string[];
};

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export function isBankHoliday(calendar: WorkingCalendar, date: string): boolean {
  return calendar.bankHolidays.includes(date);
}

export function isWorkingDate(calendar: WorkingCalendar, date: string): boolean {
  return calendar.workingDays.includes(weekdayOf(date)) && !isBankHoliday(calendar, date);
}
