import { describe, expect, it } from 'vitest';
import { AWAY_AFTER_MS, createAwayTracker } from './presenceAway';

/** A tracker on a hand-driven clock, recording the calls it makes. */
function harness() {
  const calls: string[] = [];
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const tracker = createAwayTracker({
    markOffline: () => calls.push('mark-offline'),
    forceOnline: () => calls.push('force-online'),
    setTimer: (fn, ms) => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimer: (h) => timers.delete(h as number),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fn();
      }
    }
  };
  return { calls, tracker, advance };
}

describe('presence while the app is in the background', () => {
  it('marks offline after 30 s hidden, and online again when back in front', () => {
    const { calls, tracker, advance } = harness();
    tracker.setVisible(false);
    advance(AWAY_AFTER_MS - 1);
    expect(calls).toEqual([]);
    advance(1);
    expect(calls).toEqual(['mark-offline']);
    advance(10 * AWAY_AFTER_MS);
    tracker.setVisible(false);
    advance(AWAY_AFTER_MS);
    expect(calls).toEqual(['mark-offline']);
    tracker.setVisible(true);
    expect(calls).toEqual(['mark-offline', 'force-online']);
  });

  it('does nothing for a short look at another app', () => {
    const { calls, tracker, advance } = harness();
    tracker.setVisible(false);
    advance(AWAY_AFTER_MS / 2);
    tracker.setVisible(true);
    advance(AWAY_AFTER_MS * 2);
    expect(calls).toEqual([]);
  });

  it('stops its timer when disposed', () => {
    const { calls, tracker, advance } = harness();
    tracker.setVisible(false);
    tracker.dispose();
    advance(AWAY_AFTER_MS * 2);
    expect(calls).toEqual([]);
  });
});
