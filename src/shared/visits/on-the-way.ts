import { z } from 'zod';
import { deviceTime } from '../schema/device-time';
// Issue 25: "On my way" in the engineer app. One tap tells the customer, with an arrival
// window that starts when the engineer tapped (this phone's clock, so a tap queued offline keeps
// its time) and lasts an hour. A tap that reaches the server too late to be true is refused, so
// a customer is never told "on the way" about an engineer who has long since arrived
// (decision 081).

/** How long the customer is told to expect the engineer for. */
export const arrivalWindowMinutes = 60;
/** A tap older than this when it reaches the server is not sent on to the customer. */
export const onTheWayStaleAfterMinutes = 45;
/** A phone clock may run this far ahead of the server's. */
export const onTheWayClockSkewMinutes = 5;

export const onTheWayBody = z.object({ at: deviceTime.optional() });
export type OnTheWayBody = z.input<typeof onTheWayBody>;

const fiveMinutes = 5 * 60_000;
const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
});

/** The window the customer is given: from the tap, rounded up to five minutes, for an hour. */
export function arrivalWindow(tappedAt: Date): { from: Date; to: Date } {
  const from = new Date(Math.ceil(tappedAt.getTime() / fiveMinutes) * fiveMinutes);
  return { from, to: new Date(from.getTime() + arrivalWindowMinutes * 60_000) };
}

/** `between 10:10 and 11:10` (UK time), as the message and the phone say it. */
export function arrivalWindowWords(tappedAt: Date): string {
  const { from, to } = arrivalWindow(tappedAt);
  return `between ${londonTime.format(from)} and ${londonTime.format(to)}`;
}

/** Why a tap cannot be passed on now, or null when it can. */
export function onTheWayRefusal(tappedAt: Date, now: Date): string | null {
  const ageMinutes = (now.getTime() - tappedAt.getTime()) / 60_000;
  if (ageMinutes < -onTheWayClockSkewMinutes) {
    return 'The time of "On my way" is in the future: check the phone’s clock.';
  }
  if (ageMinutes > onTheWayStaleAfterMinutes) {
    return `Too late to tell the customer: "On my way" was tapped at ${londonTime.format(tappedAt)}, more than ${onTheWayStaleAfterMinutes} minutes ago.`;
  }
  return null;
}
