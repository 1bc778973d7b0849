// spec §2/§9: the SMS code step counts the code's 300-second validity down as m:ss.

/** Formats whole seconds as m:ss (300 → "5:00", 59 → "0:59", 0 → "0:00"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Seconds left until `expiresAt` (epoch ms) at `now`, rounded up, never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}
