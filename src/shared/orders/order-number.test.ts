import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  isOrderNumber,
  orderNumberCode,
  orderNumberCodeAlphabet,
  parseOrderNumber,
} from './order-number';

describe('order numbers', () => {
  it('reads a number issued before issue 18 and one issued since', () => {
    expect(parseOrderNumber('UPL-2026-000123')).toEqual({ year: 2026, sequence: 123, code: null });
    expect(parseOrderNumber('UPL-2026-000124-K7QF')).toEqual({
      year: 2026,
      sequence: 124,
      code: 'K7QF',
    });
    // The sequence outgrows its six digits rather than wrapping.
    expect(parseOrderNumber('UPL-2031-1234567-2222')).toEqual({
      year: 2031,
      sequence: 1_234_567,
      code: '2222',
    });
  });

  it('writes what it reads', () => {
    for (const text of ['UPL-2026-000123', 'UPL-2026-000124-K7QF', 'UPL-2030-1000000-ZZZZ']) {
      expect(formatOrderNumber(parseOrderNumber(text)!)).toBe(text);
    }
    expect(formatOrderNumber({ year: 2026, sequence: 7, code: 'AB23' })).toBe(
      'UPL-2026-000007-AB23',
    );
  });

  it('refuses anything else, look-alike characters in the code included', () => {
    for (const text of [
      '',
      'UPL-1',
      'UPL-NOPE',
      'upl-2026-000123',
      'UPL-2026-00012',
      'UPL-26-000123',
      'UPL-2026-000123-',
      'UPL-2026-000123-K7Q',
      'UPL-2026-000123-K7QFF',
      'UPL-2026-000123-k7qf',
      'UPL-2026-000123-K0QF',
      'UPL-2026-000123-KOQF',
      'UPL-2026-000123-K1QF',
      'UPL-2026-000123-KIQF',
      'UPL-2026-000123-KLQF',
      'UPL-2026-000123-KUQF',
      ' UPL-2026-000123',
      'UPL-2026-000123\n',
    ]) {
      expect(isOrderNumber(text), JSON.stringify(text)).toBe(false);
      expect(parseOrderNumber(text)).toBeNull();
    }
  });

  it('draws each character of the code from the alphabet, by the index it is given', () => {
    expect(orderNumberCodeAlphabet).toHaveLength(30);
    expect(orderNumberCodeAlphabet).not.toMatch(/[01ILOU]/);
    expect(orderNumberCode(() => 0)).toBe('2222');
    expect(orderNumberCode((n) => n - 1)).toBe('ZZZZ');
    const indexes = [3, 10, 0, 29];
    const asked: number[] = [];
    expect(
      orderNumberCode((n) => {
        asked.push(n);
        return indexes.shift()!;
      }),
    ).toBe('5C2Z');
    expect(asked).toEqual([30, 30, 30, 30]);
  });
});
