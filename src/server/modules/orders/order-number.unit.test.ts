import { describe, expect, it } from 'vitest';
import { orderNumberCodeAlphabet, parseOrderNumber } from '@shared/orders/order-number';
import { newOrderNumber } from './order-number';

describe('new order numbers', () => {
  it('carry the year, the sequence and a random code', () => {
    const number = newOrderNumber(new Date('2026-11-25T10:00:00Z'), 124);
    expect(number).toMatch(/^UPL-2026-000124-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(parseOrderNumber(number)).toMatchObject({ year: 2026, sequence: 124 });
  });

  it('cannot be told from the one before: the codes of consecutive numbers vary', () => {
    const receivedAt = new Date('2026-11-25T10:00:00Z');
    const codes = Array.from(
      { length: 2000 },
      (_, i) => parseOrderNumber(newOrderNumber(receivedAt, i + 1))!.code!,
    );
    // 2,000 draws from 810,000 codes: a handful of repeats at most, never a pattern.
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Every character of the alphabet turns up in every position (8,000 draws of 30).
    for (let position = 0; position < 4; position += 1) {
      const seen = new Set(codes.map((code) => code[position]));
      expect([...seen].sort().join('')).toBe([...orderNumberCodeAlphabet].sort().join(''));
    }
  });
});
