/**
 * The ring timers of this copy: a call placed here is missed after the ring time unless it was
 * answered, declined or hung up first. A copy that stops takes its timers with it; the calls
 * they were for are settled on the next look at either member (call.service's settleStale).
 */
import type { Deps } from '../../deps.js';

const timersByApp = new WeakMap<object, Map<number, NodeJS.Timeout>>();

function timersOf(deps: Pick<Deps, 'db'>) {
  let timers = timersByApp.get(deps.db);
  if (!timers) {
    timers = new Map();
    timersByApp.set(deps.db, timers);
  }
  return timers;
}

export function startRingTimer(
  deps: Pick<Deps, 'db' | 'log'>,
  callId: number,
  ms: number,
  onRingOut: () => Promise<void>,
) {
  const timers = timersOf(deps);
  const timer = setTimeout(() => {
    timers.delete(callId);
    onRingOut().catch((err: unknown) => deps.log.warn({ err, callId }, 'fin de sonnerie en échec'));
  }, ms);
  timer.unref();
  timers.set(callId, timer);
}

export function clearRingTimer(deps: Pick<Deps, 'db'>, callId: number) {
  const timers = timersOf(deps);
  clearTimeout(timers.get(callId));
  timers.delete(callId);
}

/** Stops every ring timer of this app (it is closing). */
export function clearRingTimers(deps: Pick<Deps, 'db'>) {
  const timers = timersOf(deps);
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
}
