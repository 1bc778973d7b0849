import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a portal link in one of our messages lets the customer in without the postcode. */
export const portalLinkLifetimeDays = 90;
const dayMs = 24 * 60 * 60 * 1000;

function signature(secret: string, orderNumber: string, expires: number) {
  return createHmac('sha256', secret)
    .update(`portal:${orderNumber}:${expires}`)
    .digest('base64url');
}

/**
 * The portal's address for one order, signed so that the customer who follows it from our
 * message skips the postcode step: `/customer/{orderNumber}?e={expiry}&s={signature}`.
 * Keyed with the server secret (SESSION_SECRET); no row is stored.
 */
export function portalLinkPath(secret: string, orderNumber: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + portalLinkLifetimeDays * dayMs) / 1000);
  const query = new URLSearchParams({
    e: String(expires),
    s: signature(secret, orderNumber, expires),
  });
  return `/customer/${encodeURIComponent(orderNumber)}?${query.toString()}`;
}

/** Whether `e` and `s` from a portal address sign this order and have not expired. */
export function verifyPortalLink(
  secret: string,
  orderNumber: string,
  e: string | undefined,
  s: string | undefined,
  now = new Date(),
): boolean {
  if (!e || !s || !/^\d{1,12}$/.test(e)) return false;
  const expires = Number(e);
  if (now.getTime() >= expires * 1000) return false;
  const expected = Buffer.from(signature(secret, orderNumber, expires));
  const given = Buffer.from(s);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
