import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * spec §5: after stripping every non-digit, a UK mobile is 07 followed by 9 more digits
 * (11 in all), or 447 followed by 9 digits.
 */
export function isUkMobile(input: string): boolean {
  const digits = input.replace(/\D/g, '');
  return /^07\d{9}$/.test(digits) || /^447\d{9}$/.test(digits);
}

/** A UK mobile in the +447… form we store, or null when it is not one (spec §5 rule). */
export function normaliseUkMobile(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (/^07\d{9}$/.test(digits)) return `+44${digits.slice(1)}`;
  if (/^447\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

/**
 * Any valid UK number (landline or mobile) in E.164 form (+44…), or null. A number written
 * with another country's prefix (+353…) is accepted as that country's number when valid.
 */
export function normaliseUkPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  // The spec's mobile rule first: libphonenumber calls Ofcom's drama range (07700 900xxx) invalid.
  const mobile = normaliseUkMobile(trimmed);
  if (mobile) return mobile;
  const parsed = parsePhoneNumberFromString(trimmed, 'GB');
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** `+447700900001` → `07700 900001`, for display; other numbers are returned as given. */
export function formatUkPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, 'GB');
  if (!parsed) return e164;
  return parsed.countryCallingCode === '44'
    ? parsed.formatNational()
    : parsed.formatInternational();
}
