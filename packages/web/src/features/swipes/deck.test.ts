import { describe, expect, it } from 'vitest';
import type { TSwipeProfile } from '@app/shared';
import {
  canFetchNow,
  cutBio,
  dragDecision,
  exclusionsOf,
  isExhausted,
  mergeProfiles,
  nextFetch,
  visiblePassions,
  type DeckSnapshot,
  type FetchClock,
} from './deck';

const clock = (c: Partial<FetchClock> = {}): FetchClock => ({
  inFlight: false,
  lastFetchAt: 0,
  lastPrefetchAt: 0,
  ...c,
});
const deck = (s: Partial<DeckSnapshot> = {}): DeckSnapshot => ({
  remaining: 0,
  drained: false,
  failed: false,
  reloadedOnce: false,
  ...s,
});
const profile = (id: number): TSwipeProfile => ({
  id,
  name: `P${id}`,
  age: 25,
  locality: null,
  bio: null,
  photo: null,
  photo_thumb: null,
  photo_lite: null,
  more_photos: [],
  verified: false,
  passions: [],
  distance: 3,
  lat: null,
  lng: null,
});

describe('fetch pacing', () => {
  it('never fetches while one runs or within 2 s of the last', () => {
    expect(canFetchNow(clock({ inFlight: true, lastFetchAt: 0 }), 10_000)).toBe(false);
    expect(canFetchNow(clock({ lastFetchAt: 9_000 }), 10_000)).toBe(false);
    expect(canFetchNow(clock({ lastFetchAt: 8_000 }), 10_000)).toBe(true);
  });

  it('prefetches when 2 or fewer remain, at least 3 s after the previous prefetch', () => {
    const now = 100_000;
    expect(nextFetch(deck({ remaining: 3 }), clock(), now)).toEqual({ kind: 'none' });
    expect(nextFetch(deck({ remaining: 2 }), clock(), now)).toEqual({ kind: 'more', delayMs: 0 });
    expect(
      nextFetch(
        deck({ remaining: 1 }),
        clock({ lastFetchAt: now - 2_500, lastPrefetchAt: now - 2_500 }),
        now,
      ),
    ).toEqual({
      kind: 'more',
      delayMs: 500,
    });
    expect(nextFetch(deck({ remaining: 1 }), clock({ lastFetchAt: now - 500 }), now)).toEqual({
      kind: 'more',
      delayMs: 1_500,
    });
    expect(nextFetch(deck({ remaining: 1 }), clock({ inFlight: true }), now)).toEqual({
      kind: 'none',
    });
    expect(nextFetch(deck({ remaining: 1, failed: true }), clock(), now)).toEqual({ kind: 'none' });
  });

  it('resets and reloads once when the list runs out, then stops', () => {
    const now = 50_000;
    expect(nextFetch(deck({ remaining: 1, drained: true }), clock(), now)).toEqual({
      kind: 'none',
    });
    expect(
      nextFetch(deck({ remaining: 0, drained: true }), clock({ lastFetchAt: now - 1_000 }), now),
    ).toEqual({
      kind: 'reset',
      delayMs: 1_000,
    });
    const after = deck({ remaining: 0, drained: true, reloadedOnce: true });
    expect(nextFetch(after, clock(), now)).toEqual({ kind: 'none' });
    expect(isExhausted(after, false)).toBe(true);
    expect(isExhausted(after, true)).toBe(false);
  });
});

describe('lists', () => {
  it('appends only profiles never shown, each once', () => {
    const merged = mergeProfiles(
      [profile(1), profile(2)],
      [profile(2), profile(3), profile(4), profile(3)],
      new Set([4]),
    );
    expect(merged.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('excludes seen and queued ids, capped at the most recent 500', () => {
    expect(exclusionsOf(new Set([5, 6]), [profile(6), profile(7)])).toEqual([5, 6, 7]);
    const many = new Set(Array.from({ length: 600 }, (_, i) => i + 1));
    const ids = exclusionsOf(many, []);
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe(101);
  });
});

describe('card content', () => {
  it('cuts the bio at 100 characters with a toggle', () => {
    const long = 'a'.repeat(140);
    expect(cutBio(long, false)).toEqual({ text: `${'a'.repeat(100)}…`, isCut: true });
    expect(cutBio(long, true)).toEqual({ text: long, isCut: true });
    expect(cutBio('Bonjour', false)).toEqual({ text: 'Bonjour', isCut: false });
    expect(cutBio(null, false)).toEqual({ text: '', isCut: false });
  });

  it('shows at most 3 passions', () => {
    expect(visiblePassions(['voyage', 'cuisine', '', 'musique', 'danse'])).toEqual([
      'voyage',
      'cuisine',
      'musique',
    ]);
  });

  it('turns a drag past a quarter of the width into a swipe', () => {
    expect(dragDecision(100, 360)).toBe('like');
    expect(dragDecision(-95, 360)).toBe('dislike');
    expect(dragDecision(60, 360)).toBeNull();
    expect(dragDecision(70, 200)).toBeNull();
  });
});
