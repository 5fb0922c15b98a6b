/**
 * The first thing a page runs, before the app's code has arrived (its own small entry, placed
 * before the app's script: vite.config.ts). A visitor on the sign-in screens gets that screen's
 * code fetched alongside the app's instead of after it. A returning member (a session is
 * stored) on a signed-in screen gets the guard's check, the signed-in part's code and, on /home,
 * the feed's first page started at once (bootSignedIn.ts); the screens then take the answers
 * already on their way (api/client).
 */
import { TOKEN_STORAGE_KEY } from '@app/shared';

/** Screens open without a session (routes.tsx); every other path is signed in. */
const PUBLIC_SCREENS: Record<string, (() => Promise<unknown>) | null> = {
  '/': () => import('./features/auth/LoginPage'),
  '/login': () => import('./features/auth/LoginPage'),
  '/signup': () => import('./features/auth/SignupPage'),
  '/auth/google/callback': null,
  '/verify-otp': null,
  '/forgot-password': null,
  '/blocked': null,
  '/policies': null,
};

function boot() {
  const path = location.pathname;
  if (path in PUBLIC_SCREENS) {
    void PUBLIC_SCREENS[path]?.();
    return;
  }
  let token: string | null;
  try {
    token = localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return; // storage out of reach: the app will say so
  }
  if (token) void import('./bootSignedIn').then((m) => m.startSignedIn(path));
}

boot();
