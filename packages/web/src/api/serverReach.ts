/**
 * Whether the server answers, as the API client sees it, and bringing the screens back when it
 * answers again. The browser may believe it is online while the server (or the way to it) is
 * down, so the `online` event is not enough: after a call finds the server unreachable, a light
 * probe (the guard's own check) is tried again with a growing delay, and as soon as anything
 * answers the visible screens refetch by themselves (no « Réessayer » to tap).
 */
import type { QueryClient } from '@tanstack/react-query';

/** The delays between probes: 1 s, 2 s, 4 s… never more than 10 s apart. */
export const PROBE_FIRST_MS = 1_000;
export const PROBE_MAX_MS = 10_000;

export const nextProbeDelay = (last: number) =>
  Math.min(PROBE_MAX_MS, last ? last * 2 : PROBE_FIRST_MS);

/** Statuses of a front (proxy, load balancer) answering for a server that does not. */
export const isUnreachableStatus = (status: number) =>
  status === 0 || status === 502 || status === 503 || status === 504;

let unreachable = false;
const listeners = new Set<(reachable: boolean) => void>();

/** Called by the API client with each outcome (status 0 when nothing answered). */
export function reportReach(status: number) {
  const now = isUnreachableStatus(status);
  if (now === unreachable) return;
  unreachable = now;
  listeners.forEach((l) => l(!now));
}

/**
 * While the server is unreachable, runs `probe` with backoff (and at once when the browser says
 * it is back online or the page is shown again); once it answers, refetches the active queries.
 */
export function recoverWhenServerAnswers(qc: QueryClient, probe: () => Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = 0;
  const tryNow = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!unreachable) return;
    void probe()
      .catch(() => undefined)
      .finally(() => {
        if (unreachable && timer === undefined) schedule();
      });
  };
  const schedule = () => {
    delay = nextProbeDelay(delay);
    timer = setTimeout(tryNow, delay);
  };
  const onReach = (reachable: boolean) => {
    if (!reachable) {
      if (timer === undefined) schedule();
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    delay = 0;
    void qc.invalidateQueries({ type: 'active' });
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tryNow();
  };
  listeners.add(onReach);
  window.addEventListener('online', tryNow);
  document.addEventListener('visibilitychange', onVisible);
  if (unreachable) schedule();
  return () => {
    clearTimeout(timer);
    listeners.delete(onReach);
    window.removeEventListener('online', tryNow);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
