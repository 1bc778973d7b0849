// How a top-bar search term is read (decision 079): each value it may be is normalised the way
// the database stores it, so every lookup is an exact match or a prefix on an index. A form
// the term cannot be is null, and its lookup is left out of the query.
import { normaliseUkPhone } from '../phone';

export type SearchTerms = {
  /** Lower-case, spaces collapsed: names, partner references, emails. */
  lower: string;
  /** Upper-case without spaces: order numbers, postcodes, serials. */
  compact: string;
  /** The term as the start of an order number (`UPL-2026-00`), when it can be one. */
  orderNumberPrefix: string | null;
  /** The sequence part of an order number when the term is only digits (`123` → `000123`). */
  sequenceDigits: string | null;
  /** A UK postcode or its start (`EX4`, `EX4 4Q`), without the space. */
  postcodePrefix: string | null;
  /** The term as a UK phone number in the stored +44 form. */
  phone: string | null;
  /** The term when it is (the start of) an email address: it has an `@` and no spaces. */
  emailPrefix: string | null;
  /** The term as the start of a serial: no spaces, at least one digit. */
  serialPrefix: string | null;
  /**
   * The term as part of a name (`mith` in Smith, decision 086): at least 3 characters (a
   * trigram) with no digit and no `@`.
   */
  nameFragment: string | null;
};

/** The term's forms; LIKE wildcards typed by the user are escaped by `likePrefix`. */
export function searchTerms(q: string): SearchTerms {
  const lower = q.trim().replace(/\s+/g, ' ').toLowerCase();
  const compact = lower.replace(/\s/g, '').toUpperCase();
  const digits = /^\d{1,6}$/.test(compact) ? compact.padStart(6, '0') : null;
  const postcodePrefix = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/.test(compact) ? compact : null;
  const phoneLike = /^[+\d][\d\s()-]{6,}$/.test(lower);
  const phone = phoneLike ? normaliseUkPhone(lower) : null;
  const emailPrefix = lower.includes('@') && !lower.includes(' ') ? lower : null;
  const orderNumberPrefix =
    compact.startsWith('UPL') || 'UPL-'.startsWith(compact) ? compact : null;
  const serialPrefix = !lower.includes(' ') && /\d/.test(compact) ? compact : null;
  const nameFragment = lower.length >= 3 && !/[\d@]/.test(lower) ? lower : null;
  return {
    lower,
    compact,
    orderNumberPrefix,
    sequenceDigits: digits,
    postcodePrefix,
    phone,
    emailPrefix,
    serialPrefix,
    nameFragment,
  };
}

/** `%value%` with `%`, `_` and `\` matched literally. */
export function likeContains(value: string): string {
  return `%${likePrefix(value)}`;
}

/** `value%` with `%`, `_` and `\` matched literally. */
export function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
