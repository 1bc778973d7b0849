// Decision 040: the engineer app's service worker answers GET /api/auth/user from this cache
// when there is no network, so the app knows its engineer offline. Sign Out deletes it.
export const authCacheName = 'uplink-auth';
export const currentUserUrl = '/api/auth/user';

/** Stores the signed-in user's answer now, so the first offline start already has it. */
export async function keepCurrentUserForOffline(): Promise<void> {
  if (!('caches' in window) || !navigator.onLine) return;
  try {
    const res = await fetch(currentUserUrl, { credentials: 'include' });
    if (res.status !== 200) return;
    const cache = await caches.open(authCacheName);
    await cache.put(currentUserUrl, res);
  } catch {
    // Offline after all: the copy from last time stays.
  }
}
