import { describe, expect, it } from 'vitest';
import { likeContains, likePrefix, searchTerms } from './search-terms';

describe('searchTerms', () => {
  it('reads a surname as a name and a partner reference only', () => {
    expect(searchTerms('  Pascoe ')).toEqual({
      lower: 'pascoe',
      compact: 'PASCOE',
      orderNumberPrefix: null,
      sequenceDigits: null,
      postcodePrefix: null,
      phone: null,
      emailPrefix: null,
      serialPrefix: null,
      nameFragment: 'pascoe',
    });
  });

  it('reads 3 or more characters without a digit or @ as part of a name', () => {
    expect(searchTerms('mith').nameFragment).toBe('mith');
    expect(searchTerms('anna tre').nameFragment).toBe('anna tre');
    expect(searchTerms('pa').nameFragment).toBeNull();
    expect(searchTerms('ex4').nameFragment).toBeNull();
    expect(searchTerms('anna@').nameFragment).toBeNull();
  });

  it('reads order numbers, their digits, postcodes, phones, emails and serials', () => {
    expect(searchTerms('upl-2026-0001').orderNumberPrefix).toBe('UPL-2026-0001');
    expect(searchTerms('up').orderNumberPrefix).toBe('UP');
    expect(searchTerms('4242').sequenceDigits).toBe('004242');
    expect(searchTerms('1234567').sequenceDigits).toBeNull();
    expect(searchTerms('ex4 4qe').postcodePrefix).toBe('EX44QE');
    expect(searchTerms('EX4').postcodePrefix).toBe('EX4');
    expect(searchTerms('07700 900123').phone).toBe('+447700900123');
    expect(searchTerms('0770').phone).toBeNull();
    expect(searchTerms('Anna@Example.com').emailPrefix).toBe('anna@example.com');
    expect(searchTerms('dsh-0042').serialPrefix).toBe('DSH-0042');
    expect(searchTerms('alice tre').serialPrefix).toBeNull();
  });

  it('matches LIKE wildcards literally', () => {
    expect(likePrefix('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
    expect(likeContains('o%_a')).toBe('%o\\%\\_a%');
  });
});
