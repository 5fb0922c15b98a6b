/**
 * What boot.ts starts for a returning member on a signed-in screen: the guard's check
 * (/verify-auth-status) and the signed-in part's code; on /home also the member's position, the
 * feed's first page and the home screen's code.
 */
import { startEarlyAuthStatus, startEarlyFeed } from './api/early';
import { feedInput, startFeedPosition } from './lib/feed/feedStart';
import { seekingParam } from './lib/seeking/seeking';

export function startSignedIn(path: string) {
  startEarlyAuthStatus();
  void import('./app/SignedIn');
  if (path !== '/home') return;
  void import('./features/announcements/HomePage');
  const seeking = seekingParam();
  void startFeedPosition().then((position) => startEarlyFeed(feedInput(1, position, seeking)));
}
