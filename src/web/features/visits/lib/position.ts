import type { Position } from '@shared/visits/visit-record';

/** The device's position when the engineer allows it; null when refused, absent or slow. */
export function currentPosition(timeoutMs = 8_000): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        clearTimeout(timer);
        resolve({
          latitude: found.coords.latitude,
          longitude: found.coords.longitude,
          accuracyM: found.coords.accuracy,
        });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
