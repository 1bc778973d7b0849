import { useEffect, useState } from 'react';
import { secondsLeft } from '../lib/countdown';

/**
 * Seconds left until `expiresAt` (epoch ms), starting at `totalSeconds` when a new deadline is
 * set and then read from the wall clock every second, so a tab put to sleep shows the right
 * figure when it wakes. `null` means no countdown (0).
 */
export function useCountdown(expiresAt: number | null, totalSeconds: number): number {
  const [deadline, setDeadline] = useState(expiresAt);
  const [left, setLeft] = useState(expiresAt === null ? 0 : totalSeconds);

  // A new deadline (a resent code) restarts the figure at once, without waiting a tick.
  if (deadline !== expiresAt) {
    setDeadline(expiresAt);
    setLeft(expiresAt === null ? 0 : totalSeconds);
  }

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => {
      const remaining = secondsLeft(expiresAt, Date.now());
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  return left;
}
