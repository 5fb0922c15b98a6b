/**
 * Presence while the app is in the background. A page hidden for more than AWAY_AFTER_MS (the
 * member switched app or locked the phone) calls POST /realtime/mark-offline, so chat partners
 * stop seeing 'En ligne' although the socket may stay connected; back in front, it calls
 * POST /realtime/force-online. 30 s: a quick look at another app does not flap the status, and
 * it is shorter than the server's 45 s "recently seen" window.
 */
import { useEffect } from 'react';
import { forceOnline, markOffline } from '../api/memberCalls';

export const AWAY_AFTER_MS = 30_000;

export interface AwayTrackerDeps {
  markOffline(): void;
  forceOnline(): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The rule, apart from the browser: feed it visibility changes. */
export function createAwayTracker(deps: AwayTrackerDeps) {
  let timer: unknown = null;
  let away = false;
  const cancel = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };
  return {
    setVisible(visible: boolean) {
      cancel();
      if (visible) {
        if (away) deps.forceOnline();
        away = false;
        return;
      }
      if (away) return;
      timer = deps.setTimer(() => {
        timer = null;
        away = true;
        deps.markOffline();
      }, AWAY_AFTER_MS);
    },
    dispose: cancel,
  };
}

/** For the signed-in layouts. */
export function usePresenceWhileAway() {
  useEffect(() => {
    const tracker = createAwayTracker({
      markOffline: () => void markOffline(),
      forceOnline: () => void forceOnline(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    const onChange = () => tracker.setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      tracker.dispose();
    };
  }, []);
}
