/**
 * The cache of the screens' code beyond the shell: the service worker fills it as screens are
 * opened, and the page may fill it ahead of time, from the build's list of files (pwa.ts), only
 * when that costs the member nothing: the browser says Wi-Fi or a cable, or the member chose it
 * (« Préparer l'appli hors connexion », kept on this device).
 */
import { connectionOf, type ConnectionInfo as Connection } from './dataSaver/connection';
import { deviceSetting } from './deviceSetting';
import { SCREENS_CACHE } from './screensCacheName';

const LATER_ASSETS_URL = '/later-assets.json';

/**
 * Warm the cache ahead? When the member chose it; otherwise only on Wi-Fi or a cable as the
 * browser reports it, never with its data saver. A browser that does not say (iPhones, Firefox,
 * most computers) is taken as mobile data: the member may be paying for every byte.
 */
export function mayWarmScreens(connection: Connection | undefined, chosen = false): boolean {
  if (chosen) return true;
  if (!connection || connection.saveData) return false;
  return connection.type === 'wifi' || connection.type === 'ethernet';
}

const warmChoice = deviceSetting<'on' | 'off'>(
  'prepare_offline',
  (stored) => (stored === 'on' || stored === 'off' ? stored : null),
  () => 'off',
);

/** The member's own choice to download every screen ahead (account menu). */
export const useWarmChoice = (): boolean => warmChoice.use() === 'on';
const warmChosen = (): boolean => warmChoice.read() === 'on';
export const setWarmChoice = (on: boolean) => warmChoice.save(on ? 'on' : 'off');

/**
 * Fetches into the cache each listed file not cached yet (`cached`: this cache, or any of the
 * origin's, the shell's precache included), one at a time; the number added.
 */
export async function warmScreens(
  cache: Cache,
  list: readonly string[],
  cached: (url: string) => Promise<unknown> = (url) => cache.match(url),
): Promise<number> {
  let added = 0;
  for (const url of list) {
    if (await cached(url)) continue;
    try {
      await cache.add(url);
      added++;
    } catch {
      return added; // offline or a newer build: the next visit tries again
    }
  }
  return added;
}

/** A screen's code or styles, or a drawn page the worker does not precache (/policies.html). */
const isLaterFile = (url: string) => url.startsWith('/assets/') || /^\/[\w-]+\.html$/.test(url);

/**
 * Keeps in the screens' cache what this page loaded before the worker ran (free: from the
 * browser's cache), then, when that is free or chosen, every other screen of the build.
 */
export async function warmAhead() {
  if (!('caches' in window)) return;
  const cache = await caches.open(SCREENS_CACHE);
  // What this page loaded before the worker took over: from the browser's HTTP cache, free.
  const loaded = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => p.startsWith('/assets/') && !p.startsWith('/assets/admin-'));
  await warmScreens(cache, loaded, (url) => caches.match(url));
  document.documentElement.dataset.screensCached = 'kept';
  if (!mayWarmScreens(connectionOf(), warmChosen())) return;
  const res = await fetch(LATER_ASSETS_URL).catch(() => null);
  const list: unknown = res?.ok ? await res.json().catch(() => null) : null;
  if (!Array.isArray(list)) return;
  const urls = list.filter((u): u is string => typeof u === 'string' && isLaterFile(u));
  await warmScreens(cache, urls);
  document.documentElement.dataset.screensCached = 'true';
}
