import { describe, expect, it } from 'vitest';
import { formatUkPhone, normaliseUkPhone } from './phone';
import { isUkMobile, normaliseUkMobile } from './uk-mobile';

describe('UK mobile numbers (spec §5)', () => {
  it.each([
    ['07123456789', '+447123456789'],
    ['07123 456 789', '+447123456789'],
    ['+447123456789', '+447123456789'],
    ['447123456789', '+447123456789'],
    ['+44 (0)7123 456789'.replace('(0)', ''), '+447123456789'],
    ['0712-345-6789', '+447123456789'],
  ])('accepts %s as %s', (input, expected) => {
    expect(isUkMobile(input)).toBe(true);
    expect(normaliseUkMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '0712345678', // 10 digits
    '071234567890', // 12 digits
    '01392000000', // landline
    '+4407123456789', // 0 after the country code
    '4471234567890',
    '+33612345678',
    'not a phone',
  ])('refuses %s', (input) => {
    expect(isUkMobile(input)).toBe(false);
    expect(normaliseUkMobile(input)).toBeNull();
  });
});

describe('any UK phone number', () => {
  it.each([
    ['01392 000000', '+441392000000'],
    ['020 7946 0018', '+442079460018'],
    ['+44 20 7946 0018', '+442079460018'],
    ['07700 900001', '+447700900001'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseUkPhone(input)).toBe(expected);
  });

  it.each(['', '12345', '01392', 'phone'])('refuses %s', (input) => {
    expect(normaliseUkPhone(input)).toBeNull();
  });

  it('formats stored numbers for display', () => {
    expect(formatUkPhone('+447700900001')).toBe('07700 900001');
    expect(formatUkPhone('+442079460018')).toBe('020 7946 0018');
  });
});
