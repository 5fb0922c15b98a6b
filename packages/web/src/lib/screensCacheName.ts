/**
 * The cache of the screens' code beyond the shell (lib/screensCache), named apart so that the
 * service worker can take the name without the page's modules (React among them).
 */
export const SCREENS_CACHE = 'screens';
