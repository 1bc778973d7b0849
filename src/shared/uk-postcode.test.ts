import { describe, expect, it } from 'vitest';
import {
  coversPostcode,
  isUkPostcode,
  normaliseCoverageArea,
  normaliseUkPostcode,
  postcodeParts,
} from './uk-postcode';

describe('normaliseUkPostcode', () => {
  it.each([
    ['ex11aa', 'EX1 1AA'],
    ['EX1 1AA', 'EX1 1AA'],
    ['  ex1   1aa ', 'EX1 1AA'],
    ['tr182rh', 'TR18 2RH'],
    ['pl124ab', 'PL12 4AB'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['m11ae', 'M1 1AE'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
    expect(isUkPostcode(input)).toBe(true);
  });

  it.each(['', 'EX1', '12345', 'EX1 1AAA', 'hello world', '1EX 1AA'])('rejects %j', (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
    expect(isUkPostcode(input)).toBe(false);
  });

  it('splits area and outward code', () => {
    expect(postcodeParts('pl124ab')).toEqual({ area: 'PL', outcode: 'PL12' });
    expect(postcodeParts('nope')).toBeNull();
  });
});

describe('coverage', () => {
  it('normalises areas and outward codes', () => {
    expect(normaliseCoverageArea(' ex ')).toBe('EX');
    expect(normaliseCoverageArea('pl12')).toBe('PL12');
    expect(normaliseCoverageArea('sw1a')).toBe('SW1A');
    expect(normaliseCoverageArea('EX1 1AA')).toBeNull();
    expect(normaliseCoverageArea('123')).toBeNull();
    expect(normaliseCoverageArea('')).toBeNull();
  });

  it('matches by area or by outward code', () => {
    expect(coversPostcode(['EX'], 'EX1 1AA')).toBe(true);
    expect(coversPostcode(['PL12'], 'PL12 4AB')).toBe(true);
    expect(coversPostcode(['PL12'], 'PL1 4AB')).toBe(false);
    expect(coversPostcode(['PL'], 'PL1 4AB')).toBe(true);
    expect(coversPostcode(['TR'], 'EX1 1AA')).toBe(false);
    expect(coversPostcode(['E'], 'EX1 1AA')).toBe(false);
    expect(coversPostcode(['EX'], 'not a postcode')).toBe(false);
  });
});
