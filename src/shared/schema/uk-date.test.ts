import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateMessages, typedDate } from './calendar-date';
import { formatUkDate, parseUkDate, ukDateMessage } from './uk-date';

describe('UK dates (issue 24)', () => {
  it.each([
    ['01/12/2026', '2026-12-01'],
    ['1/12/2026', '2026-12-01'],
    [' 01.12.2026 ', '2026-12-01'],
    ['01-12-2026', '2026-12-01'],
    ['01 12 2026', '2026-12-01'],
    ['01122026', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
    ['31/02/2026', '2026-02-31'],
  ])('reads %s as %s', (typed, iso) => {
    expect(parseUkDate(typed)).toBe(iso);
  });

  it.each(['', '12/2026', '2026/12/01', '1 Dec 2026', '01/12/26', 'tomorrow'])(
    'cannot read %j',
    (typed) => {
      expect(parseUkDate(typed)).toBeNull();
    },
  );

  it('shows the wire form day first', () => {
    expect(formatUkDate('2026-12-01')).toBe('01/12/2026');
    expect(formatUkDate('')).toBe('');
    expect(formatUkDate(null)).toBe('');
    expect(formatUkDate('01/1')).toBe('01/1');
  });

  it('a typed date the form could not read is refused in UK words; the wire keeps its own', () => {
    expect(typedDate.safeParse('13/13').error?.issues[0]?.message).toBe(ukDateMessage);
    expect(ukDateMessage).toBe('Enter a date as dd/mm/yyyy, for example 01/12/2026');
    expect(ukDateMessage).not.toMatch(/YYYY-MM-DD/);
    expect(typedDate.safeParse('2026-02-31').error?.issues[0]?.message).toBe(
      calendarDateMessages.impossible,
    );
    expect(typedDate.safeParse('2026-12-01').success).toBe(true);
    expect(calendarDate.safeParse('13/13').error?.issues[0]?.message).toBe(
      calendarDateMessages.format,
    );
  });
});
