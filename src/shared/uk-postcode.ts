import { parse } from 'postcode';

/** `ex11aa` → `EX1 1AA`; null when it is not a UK postcode. */
export function normaliseUkPostcode(input: string): string | null {
  const parsed = parse(input.trim());
  return parsed.valid ? parsed.postcode : null;
}

export function isUkPostcode(input: string): boolean {
  return normaliseUkPostcode(input) !== null;
}

/** The parts a contractor's coverage is written in: area `EX`, outward code (district) `EX1`. */
export function postcodeParts(input: string): { area: string; outcode: string } | null {
  const parsed = parse(input.trim());
  return parsed.valid ? { area: parsed.area, outcode: parsed.outcode } : null;
}

const areaPattern = /^[A-Z]{1,2}$/;
const outcodePattern = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;

/**
 * A coverage entry, upper-cased: a postcode area (`EX`, `TR`) or an outward code (`PL12`);
 * null when it is neither.
 */
export function normaliseCoverageArea(input: string): string | null {
  const value = input.trim().toUpperCase().replace(/\s+/g, '');
  return areaPattern.test(value) || outcodePattern.test(value) ? value : null;
}

/** Whether a contractor covering these areas covers the postcode (`EX` or `EX1` cover `EX1 1AA`). */
export function coversPostcode(coverage: readonly string[], postcode: string): boolean {
  const parts = postcodeParts(postcode);
  if (!parts) return false;
  return coverage.some((entry) => {
    const area = entry.toUpperCase();
    return area === parts.area || area === parts.outcode;
  });
}
