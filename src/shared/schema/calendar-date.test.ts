import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateMessages, calendarDateProblem } from './calendar-date';

describe('calendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1900-01-01', '2100-12-31', '2026-11-24'])(
    'accepts %s',
    (value) => {
      expect(calendarDate.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    ['2024-02-30', 'impossible'],
    ['2031-02-29', 'impossible'],
    ['1900-02-29', 'impossible'],
    ['2026-04-31', 'impossible'],
    ['2026-13-01', 'impossible'],
    ['2026-00-10', 'impossible'],
    ['0000-01-01', 'outOfRange'],
    ['9999-12-31', 'outOfRange'],
    ['1899-12-31', 'outOfRange'],
    ['2101-01-01', 'outOfRange'],
    ['24-02-01', 'format'],
    ['2024-2-1', 'format'],
    ['2024-02-01T00:00', 'format'],
  ] as const)('refuses %s (%s) with a message a person understands', (value, problem) => {
    expect(calendarDateProblem(value)).toBe(problem);
    const result = calendarDate.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(calendarDateMessages[problem]);
  });
});
