/**
 * The pages the build writes (vite.config.ts, prerender) and what serves them (the server reads
 * dist/pages.json, the service worker this module): the public screens drawn to HTML by React at
 * build time, so their form shows before any code has run; the signed-in frame (top bar, bottom
 * navigation, skeleton cards) for every other address; and a bare page for the public screens
 * whose content depends on the visit (the code's e-mail in the navigation state, Google's answer).
 */

/** Public screens drawn at build time, by address: the file they are written to. */
export const PRERENDERED: Readonly<Record<string, string>> = {
  '/': 'login.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/forgot-password': 'forgot-password.html',
  '/policies': 'policies.html',
  '/blocked': 'blocked.html',
};

/** Public screens that need the visit's state to draw anything: an empty page. */
export const BARE_PAGE = 'app.html';
const BARE_PATHS = ['/verify-otp', '/auth/google/callback'];

/** Every signed-in address: the frame. */
export const FRAME_PAGE = 'index.html';

/** The file that answers a navigation to `pathname`. */
export function pageFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PRERENDERED[path] ?? (BARE_PATHS.includes(path) ? BARE_PAGE : FRAME_PAGE);
}

/** Every address with a file of its own, as the server's pages.json lists them. */
export function pageTable(): Record<string, string> {
  return {
    ...PRERENDERED,
    ...Object.fromEntries(BARE_PATHS.map((p) => [p, BARE_PAGE])),
  };
}
