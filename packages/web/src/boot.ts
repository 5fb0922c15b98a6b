/**
 * The first thing a page runs, before the app's code has arrived: for a returning member (a
 * session is stored) on a signed-in screen, it sends the guard's check (/verify-auth-status) and
 * fetches the signed-in part's code; on /home also the member's position and the feed's first
 * page, and the home screen's code. Those then load side by side with the app instead of one
 * after the other, and the screens take the answers already on their way (api/client).
 */
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { startEarlyCall } from './api/call';
import { feedInput, startFeedPosition } from './lib/feed/feedStart';
import { seekingParam } from './lib/seeking/seeking';

/** Screens open without a session (routes.tsx); every other path is signed in. */
const PUBLIC_PATHS = new Set([
  '/',
  '/login',
  '/signup',
  '/auth/google/callback',
  '/verify-otp',
  '/forgot-password',
  '/blocked',
  '/policies',
]);

function boot() {
  let token: string | null;
  try {
    token = localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return; // storage out of reach: the app will say so
  }
  const path = location.pathname;
  if (!token || PUBLIC_PATHS.has(path)) return;
  startEarlyCall('auth.status', {});
  void import('./app/SignedIn');
  if (path !== '/home') return;
  void import('./features/announcements/HomePage');
  const seeking = seekingParam();
  void startFeedPosition().then((position) =>
    startEarlyCall('announcements.feed', feedInput(1, position, seeking)),
  );
}

boot();
