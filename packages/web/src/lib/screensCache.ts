/**
 * The cache of the screens' code beyond the shell: the service worker fills it as screens are
 * opened, and the page may fill it ahead of time, when the connection allows (not on mobile
 * data, never with the browser's data saver), from the build's list of files (pwa.ts).
 */
import type { ConnectionInfo } from './dataSaver/connection';

export const SCREENS_CACHE = 'screens';
export const LATER_ASSETS_URL = '/later-assets.json';

/** Warm the cache ahead: never with the data saver nor on mobile data (or its type unknown as
 * such); on Wi-Fi, a cable, or a browser that does not say (a computer). */
export function mayWarmScreens(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.type === undefined || ['wifi', 'ethernet'].includes(connection.type);
}

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
