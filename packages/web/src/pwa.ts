/**
 * Registers the service worker in production builds only. Once the page has loaded and the
 * browser is idle, keeps in the screens' cache what the page loaded before the worker ran, and
 * warms it with every other screen when the connection allows it (lib/screensCache: not on
 * mobile data, never with the data saver); <html data-screens-cached> says it is done.
 */
import { connectionOf } from './lib/dataSaver/connection';
import { LATER_ASSETS_URL, SCREENS_CACHE, mayWarmScreens, warmScreens } from './lib/screensCache';

type Idle = (cb: () => void, opts?: { timeout: number }) => number;

async function warmAhead() {
  if (!('caches' in window)) return;
  const cache = await caches.open(SCREENS_CACHE);
  // What this page loaded before the worker took over: from the browser's HTTP cache, free.
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.startsWith('/assets/') && !p.startsWith('/assets/admin-'));
  await warmScreens(cache, loaded, (url) => caches.match(url));
  if (!mayWarmScreens(connectionOf())) return;
  const res = await fetch(LATER_ASSETS_URL).catch(() => null);
  const list: unknown = res?.ok ? await res.json().catch(() => null) : null;
  if (!Array.isArray(list)) return;
  const urls = list.filter((u): u is string => typeof u === 'string' && u.startsWith('/assets/'));
  await warmScreens(cache, urls);
  document.documentElement.dataset.screensCached = 'true';
}

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
        idle(() => void warmAhead().catch(() => undefined), { timeout: 10_000 });
      })
      .catch(() => undefined);
  });
}
