// Kept apart from phone.ts so the sign-in forms do not pull libphonenumber-js into the first download.

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
