/**
 * "The first screen is painted": what waits for it (the realtime client, the reward modals, the
 * reminders) does not compete with the screen's own code and data on a slow link. <ScreenShown>
 * sits inside the signed-in layout's Suspense boundary, next to the screen: it mounts once the
 * screen's code has arrived and the screen is on the page; a frame later, and once the phone is
 * idle (a second at most), the rest may start. Later screens find it done.
 */
import { useEffect, useSyncExternalStore } from 'react';

type Idle = (cb: () => void, opts?: { timeout: number }) => number;

let shown = false;
const listeners = new Set<() => void>();

function markShown() {
  if (shown) return;
  shown = true;
  listeners.forEach((l) => l());
}

/** Placed next to the screen, inside its Suspense boundary. */
export function ScreenShown() {
  useEffect(() => {
    if (shown) return;
    const idle: Idle =
      (window as Window & { requestIdleCallback?: Idle }).requestIdleCallback ??
      ((cb) => window.setTimeout(cb, 200));
    const frame = requestAnimationFrame(() => idle(markShown, { timeout: 1_000 }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A screen that never shows (its code failed to load) holds nothing back for long. */
const AT_THE_LATEST_MS = 5_000;

/** True once the first signed-in screen has been painted. */
export function useScreenShown(): boolean {
  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(markShown, AT_THE_LATEST_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
