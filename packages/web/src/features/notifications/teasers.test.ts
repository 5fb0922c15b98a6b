import { describe, expect, it } from 'vitest';
import { pickTeaser, TEASER_RECENT_MAX, TEASERS } from './teasers';

describe('teasers', () => {
  it('has 53 distinct, non-empty messages', () => {
    expect(TEASERS).toHaveLength(53);
    expect(new Set(TEASERS).size).toBe(53);
    expect(TEASERS.every((t) => t.trim().length > 10)).toBe(true);
  });

  it('keeps each message short enough for a phone notification', () => {
    expect(TEASERS.filter((t) => t.length > 120)).toEqual([]);
  });
});

describe('pickTeaser', () => {
  it('returns a valid index chosen by the random source', () => {
    expect(pickTeaser(() => 0, [])).toBe(0);
    expect(pickTeaser(() => 0.9999, [])).toBe(52);
  });

  it('never repeats one of the recently shown messages', () => {
    const recent = Array.from({ length: TEASER_RECENT_MAX }, (_, i) => i);
    for (let k = 0; k < 50; k++) {
      const i = pickTeaser(Math.random, recent);
      expect(i).toBeGreaterThanOrEqual(TEASER_RECENT_MAX);
      expect(i).toBeLessThan(TEASERS.length);
    }
  });

  it('falls back to any message when all were shown recently', () => {
    expect(pickTeaser(() => 0.5, [0, 1, 2], 3)).toBe(1);
  });

  it('can reach every message', () => {
    const seen = new Set<number>();
    for (let k = 0; k < TEASERS.length; k++) seen.add(pickTeaser(() => k / TEASERS.length, []));
    expect(seen.size).toBe(TEASERS.length);
  });
});
