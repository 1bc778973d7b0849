import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { normaliseUkMobile } from './uk-mobile';

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
