/**
 * The swipe deck's pacing rules (spec 1 §4 "Swipe", §9), pure so they can be tested: when to
 * fetch (never while one runs, never within 2 s of the last, prefetch when 2 or fewer remain and
 * at least 3 s after the previous prefetch), when to reset and reload once, which ids to exclude.
 */
import {
  SWIPE_BIO_CUT,
  SWIPE_EXCLUDE_MAX,
  SWIPE_MIN_FETCH_GAP_MS,
  SWIPE_PASSION_CHIPS,
  SWIPE_PREFETCH_GAP_MS,
  SWIPE_PREFETCH_REMAINING,
  type TSwipeProfile,
} from '@app/shared';

export interface FetchClock {
  inFlight: boolean;
  /** Start of the last fetch of any kind, and of the last prefetch (ms, 0 = never). */
  lastFetchAt: number;
  lastPrefetchAt: number;
}

export interface DeckSnapshot {
  remaining: number;
  /** The last fetch brought nothing new: no more prefetching until the list runs out. */
  drained: boolean;
  /** The last fetch failed: wait for the member's retry. */
  failed: boolean;
  reloadedOnce: boolean;
}

export type NextFetch = { kind: 'none' } | { kind: 'more' | 'reset'; delayMs: number };

export const canFetchNow = (c: FetchClock, now: number) =>
  !c.inFlight && now - c.lastFetchAt >= SWIPE_MIN_FETCH_GAP_MS;

const gapLeft = (since: number, gap: number, now: number) => Math.max(0, since + gap - now);

export function nextFetch(s: DeckSnapshot, c: FetchClock, now: number): NextFetch {
  if (c.inFlight || s.failed || s.remaining > SWIPE_PREFETCH_REMAINING) return { kind: 'none' };
  const fetchGap = gapLeft(c.lastFetchAt, SWIPE_MIN_FETCH_GAP_MS, now);
  if (!s.drained) {
    const prefetchGap = gapLeft(c.lastPrefetchAt, SWIPE_PREFETCH_GAP_MS, now);
    return { kind: 'more', delayMs: Math.max(fetchGap, prefetchGap) };
  }
  if (s.remaining === 0 && !s.reloadedOnce) return { kind: 'reset', delayMs: fetchGap };
  return { kind: 'none' };
}

/** Nothing left, nothing new, already reloaded once: the empty state. */
export const isExhausted = (s: DeckSnapshot, inFlight: boolean) =>
  s.remaining === 0 && s.drained && s.reloadedOnce && !inFlight;

/** Appends the profiles not shown yet, each once. */
export function mergeProfiles(
  list: readonly TSwipeProfile[],
  incoming: readonly TSwipeProfile[],
  seen: ReadonlySet<number>,
): TSwipeProfile[] {
  const known = new Set([...seen, ...list.map((p) => p.id)]);
  const fresh = incoming.filter((p) => {
    if (known.has(p.id)) return false;
    known.add(p.id);
    return true;
  });
  return fresh.length ? [...list, ...fresh] : [...list];
}

/** Seen ids and those still queued, the most recent first when there are too many. */
export function exclusionsOf(
  seen: ReadonlySet<number>,
  queued: readonly TSwipeProfile[],
): number[] {
  const ids = [...new Set([...seen, ...queued.map((p) => p.id)])];
  return ids.slice(-SWIPE_EXCLUDE_MAX);
}

export function cutBio(bio: string | null, expanded: boolean): { text: string; isCut: boolean } {
  const text = (bio ?? '').trim();
  if (text.length <= SWIPE_BIO_CUT) return { text, isCut: false };
  return { text: expanded ? text : `${text.slice(0, SWIPE_BIO_CUT).trimEnd()}…`, isCut: true };
}

export const visiblePassions = (passions: readonly string[]) =>
  passions.filter((p) => p.trim()).slice(0, SWIPE_PASSION_CHIPS);

/** A drag counts as a swipe past a quarter of the card's width (at least 80 px). */
export function dragDecision(dx: number, width: number): 'like' | 'dislike' | null {
  const threshold = Math.max(80, width / 4);
  if (dx >= threshold) return 'like';
  if (dx <= -threshold) return 'dislike';
  return null;
}
