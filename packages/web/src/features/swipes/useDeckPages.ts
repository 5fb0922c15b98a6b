/**
 * The profiles of the swipe deck and where the member is in them (spec 1 §4): pages fetched with
 * the pacing of deck.ts (a prefetch before the end, never two at once), seen ids excluded, one
 * reset and reload when the list runs out, an error state with its retry, and "look again" from
 * the empty state (which says so when nothing new came).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SWIPE_MSG, type TSwipeProfile } from '@app/shared';
import { toast } from '../../ui/toast';
import {
  canFetchNow,
  exclusionsOf,
  isExhausted,
  mergeProfiles,
  nextFetch,
  type FetchClock,
} from './deck';
import { fetchDeckPage } from './fetchDeckPage';

interface DeckState {
  profiles: TSwipeProfile[];
  index: number;
  loading: boolean;
  loadedOnce: boolean;
  drained: boolean;
  failed: boolean;
  error: string | null;
  reloadedOnce: boolean;
}

const INITIAL: DeckState = {
  profiles: [],
  index: 0,
  loading: false,
  loadedOnce: false,
  drained: false,
  failed: false,
  error: null,
  reloadedOnce: false,
};

export function useDeckPages() {
  const [deck, setDeck] = useState<DeckState>(INITIAL);
  const clock = useRef<FetchClock>({ inFlight: false, lastFetchAt: 0, lastPrefetchAt: 0 });
  const seen = useRef(new Set<number>());
  const latest = useRef(deck);
  const askedByMember = useRef(false);
  useEffect(() => {
    latest.current = deck;
  }, [deck]);

  const load = useCallback(async (kind: 'more' | 'reset') => {
    const now = Date.now();
    if (!canFetchNow(clock.current, now)) return;
    const { lastPrefetchAt } = clock.current;
    clock.current = {
      inFlight: true,
      lastFetchAt: now,
      lastPrefetchAt: kind === 'more' ? now : lastPrefetchAt,
    };
    if (kind === 'reset') seen.current.clear();
    const queued = kind === 'reset' ? [] : latest.current.profiles.slice(latest.current.index);
    setDeck((d) => ({
      ...d,
      loading: true,
      ...(kind === 'reset' ? { profiles: [], index: 0, reloadedOnce: true } : {}),
    }));
    const page = await fetchDeckPage(exclusionsOf(seen.current, queued));
    clock.current = { ...clock.current, inFlight: false };
    const before = latest.current;
    if (!page.ok) {
      setDeck((d) => ({
        ...d,
        loading: false,
        loadedOnce: true,
        failed: true,
        error: page.message,
      }));
      if (before.index < before.profiles.length) toast.error(SWIPE_MSG.fetchError);
      return;
    }
    const gotNew =
      mergeProfiles(before.profiles, page.profiles, seen.current).length > before.profiles.length;
    if (!gotNew && askedByMember.current) toast.info(SWIPE_MSG.noNew);
    askedByMember.current = false;
    setDeck((d) => ({
      ...d,
      profiles: mergeProfiles(d.profiles, page.profiles, seen.current),
      loading: false,
      loadedOnce: true,
      failed: false,
      error: null,
      drained: !gotNew,
      reloadedOnce: gotNew ? false : d.reloadedOnce,
    }));
  }, []);

  useEffect(() => {
    const snapshot = {
      remaining: deck.profiles.length - deck.index,
      drained: deck.drained,
      failed: deck.failed,
      reloadedOnce: deck.reloadedOnce,
    };
    const next = nextFetch(snapshot, clock.current, Date.now());
    if (next.kind === 'none') return;
    const timer = window.setTimeout(() => void load(next.kind), next.delayMs);
    return () => window.clearTimeout(timer);
  }, [
    deck.profiles.length,
    deck.index,
    deck.drained,
    deck.failed,
    deck.reloadedOnce,
    deck.loading,
    load,
  ]);

  /** The profile on top now (read at the moment of a swipe, not of the last render). */
  const currentNow = useCallback(() => {
    const d = latest.current;
    return d.profiles[d.index] ?? null;
  }, []);

  /** The card of `id` leaves the top, and `id` is never asked for again. */
  const advancePast = useCallback((id: number) => {
    seen.current.add(id);
    setDeck((d) =>
      d.profiles[d.index]?.id === id ? { ...d, index: d.index + 1, failed: false } : d,
    );
  }, []);

  /** The retry of the error state, or "look again" from the empty state. */
  const retry = useCallback(() => {
    askedByMember.current = true;
    setDeck((d) => ({ ...d, failed: false, error: null, drained: false, reloadedOnce: false }));
  }, []);

  const remaining = deck.profiles.length - deck.index;
  const exhausted = isExhausted(
    { remaining, drained: deck.drained, failed: deck.failed, reloadedOnce: deck.reloadedOnce },
    deck.loading,
  );
  return {
    current: deck.profiles[deck.index] ?? null,
    next: deck.profiles[deck.index + 1] ?? null,
    loading: deck.loading,
    loadedOnce: deck.loadedOnce,
    failed: deck.failed,
    error: deck.error,
    exhausted,
    currentNow,
    advancePast,
    retry,
  };
}
