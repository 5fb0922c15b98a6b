/**
 * Registers the service worker in production builds only. Once the page has loaded and the
 * browser is idle, keeps in the screens' cache what the page loaded before the worker ran, and
 * warms it with every other screen when that is free or chosen (lib/screensCache: Wi-Fi or a
 * cable as the browser says, or the member's « Préparer l'appli hors connexion »);
 * <html data-screens-cached> says 'kept', then 'true' once warmed. Turning the choice on warms at
 * once.
 */

type Idle = (cb: () => void, opts?: { timeout: number }) => number;

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { type: 'module' })
      // Once a worker is active: the cache is only worth filling for a worker to serve from it.
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        const idle: Idle =
          (window as Window & { requestIdleCallback?: Idle }).requestIdleCallback ??
          ((cb) => window.setTimeout(cb, 2_000));
        // Its own small chunk, loaded then: the first screen does not carry it.
        idle(
          () => void import('./lib/screensCache').then((m) => m.warmAhead()).catch(() => undefined),
          { timeout: 10_000 },
        );
      })
      .catch(() => undefined);
  });
}
