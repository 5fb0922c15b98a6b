/**
 * The swipe deck (spec 1 §4 "Swipe"): fetches pages of profiles with the pacing of deck.ts,
 * stops a loader after 10 s, excludes seen ids, resets and reloads once when the list runs out,
 * and applies likes (heart for 1 s, then the call, then the next card) and dislikes (next card
 * at once, the call in the background). Buttons are disabled while a swipe is under way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SWIPE_FETCH_LIMIT,
  SWIPE_LIKE_ANIMATION_MS,
  SWIPE_LOADER_TIMEOUT_MS,
  SWIPE_LOCATION_CACHE_MS,
  SWIPE_LOCATION_TIMEOUT_MS,
  SWIPE_MSG,
  type TSwipeAction,
  type TSwipeProfile,
} from '@app/shared';
import { fetchSwipeProfiles, sendSwipe } from '../../api/useSwipes';
import { seekingParam } from '../../lib/seeking/seeking';
import { firstError, type ApiResult } from '../../api/client';
import { toast } from '../../ui/toast';
import {
  canFetchNow,
  exclusionsOf,
  isExhausted,
  mergeProfiles,
  nextFetch,
  type FetchClock,
} from './deck';
import { devicePosition } from '../../lib/devicePosition';

export interface MatchInfo {
  profile: TSwipeProfile;
  chatId: number | null;
}

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
const DISLIKE_EXIT_MS = 250;
const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

const errorOf = (res: ApiResult<unknown>, fallback: string) =>
  res.status === 0 ? SWIPE_MSG.connection : firstError(res) || fallback;

type Page = { ok: true; profiles: TSwipeProfile[] } | { ok: false; message: string };

/** One call of /swipe/profiles, abandoned (and reported as a connection error) after 10 s. */
async function fetchPage(excludeIds: number[]): Promise<Page> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), SWIPE_LOADER_TIMEOUT_MS);
  try {
    const at = await devicePosition(SWIPE_LOCATION_TIMEOUT_MS, SWIPE_LOCATION_CACHE_MS);
    const res = await fetchSwipeProfiles(
      {
        limit: SWIPE_FETCH_LIMIT,
        exclude_ids: excludeIds,
        user_lat: at?.lat ?? null,
        user_lng: at?.lng ?? null,
        seeking: seekingParam(),
      },
      controller.signal,
    );
    if (!res.success) return { ok: false, message: errorOf(res, SWIPE_MSG.profilesError) };
    return { ok: true, profiles: Array.isArray(res.data) ? res.data : [] };
  } catch {
    return { ok: false, message: SWIPE_MSG.connection };
  } finally {
    window.clearTimeout(timer);
  }
}

export function useSwipeDeck() {
  const [deck, setDeck] = useState<DeckState>(INITIAL);
  const [busy, setBusy] = useState(false);
  const [heart, setHeart] = useState(false);
  const [match, setMatch] = useState<MatchInfo | null>(null);
  const clock = useRef<FetchClock>({ inFlight: false, lastFetchAt: 0, lastPrefetchAt: 0 });
  const seen = useRef(new Set<number>());
  const swiped = useRef(new Set<number>());
  const latest = useRef(deck);
  const busyRef = useRef(false);
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
    const page = await fetchPage(exclusionsOf(seen.current, queued));
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

  const advancePast = useCallback((id: number) => {
    seen.current.add(id);
    setDeck((d) =>
      d.profiles[d.index]?.id === id ? { ...d, index: d.index + 1, failed: false } : d,
    );
  }, []);

  const swipe = useCallback(
    async (action: TSwipeAction) => {
      const d = latest.current;
      const current = d.profiles[d.index];
      if (!current || busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      const release = () => {
        busyRef.current = false;
        setBusy(false);
      };
      if (swiped.current.has(current.id)) {
        advancePast(current.id);
        return release();
      }
      if (action === 'dislike') {
        swiped.current.add(current.id);
        advancePast(current.id);
        void sendSwipe(current.id, 'dislike').then((res) => {
          if (!res.success) toast.error(errorOf(res, SWIPE_MSG.swipeError));
        });
        window.setTimeout(release, DISLIKE_EXIT_MS);
        return;
      }
      setHeart(true);
      await sleep(SWIPE_LIKE_ANIMATION_MS);
      setHeart(false);
      const res = await sendSwipe(current.id, 'like');
      if (!res.success) {
        toast.error(errorOf(res, SWIPE_MSG.swipeError));
        return release();
      }
      swiped.current.add(current.id);
      advancePast(current.id);
      if (res.data?.is_match) setMatch({ profile: current, chatId: res.data.chat_id ?? null });
      release();
    },
    [advancePast],
  );

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
    busy,
    heart,
    match,
    swipe,
    retry,
    closeMatch: () => setMatch(null),
  };
}
