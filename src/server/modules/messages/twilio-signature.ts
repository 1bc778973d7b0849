import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (decision 030): HMAC-SHA1, keyed by the auth token, of the full URL
 * followed by every POST parameter sorted by name, each as name then value; base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Timing-safe comparison with the signature the request carries. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
