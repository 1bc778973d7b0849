// The engineer app as an installed app (decision 040): its manifest, its service worker
// (scoped to /engineer, registered only here so other users never install it) and persistent
// storage, so the browser does not evict the outbox under storage pressure.

export type UpdateState = { waiting: ServiceWorker | null };

function addManifestLink() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/engineer.webmanifest';
  document.head.append(link);
  const touch = document.createElement('link');
  touch.rel = 'apple-touch-icon';
  touch.href = '/icons/apple-touch-icon-180.png';
  document.head.append(touch);
}

/** Registers the service worker; calls `onUpdate` when a new version waits to take over. */
export function installEngineerApp(onUpdate: (worker: ServiceWorker) => void): void {
  addManifestLink();
  void navigator.storage?.persist?.().catch(() => false);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/engineer' })
    .then((registration) => {
      const offer = () => {
        // A waiting worker with an active one beside it is a new version, not the first install.
        if (registration.waiting && registration.active) onUpdate(registration.waiting);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        registration.installing?.addEventListener('statechange', offer);
      });
    })
    .catch(() => undefined);
}

/**
 * Switches to the waiting version. Nothing is lost: the outbox and the visits are in
 * IndexedDB, which the new version opens as it is; the page reloads once the new worker runs.
 */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
