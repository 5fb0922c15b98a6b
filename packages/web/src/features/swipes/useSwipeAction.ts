/**
 * A like or a dislike on the top card (spec 1 §4): a like shows the heart for 1 s, then calls,
 * then moves on (and opens the match screen on a match); a dislike moves on at once and calls in
 * the background. One swipe at a time (the buttons are disabled meanwhile); a profile already
 * swiped is only passed.
 */
import { useCallback, useRef, useState } from 'react';
import {
  SWIPE_LIKE_ANIMATION_MS,
  SWIPE_MSG,
  type TSwipeAction,
  type TSwipeProfile,
} from '@app/shared';
import { sendSwipe } from '../../api/useSwipes';
import { toast } from '../../ui/toast';
import { swipeErrorOf } from './fetchDeckPage';

export interface MatchInfo {
  profile: TSwipeProfile;
  chatId: number | null;
}

const DISLIKE_EXIT_MS = 250;
const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

export function useSwipeAction(
  currentNow: () => TSwipeProfile | null,
  advancePast: (id: number) => void,
) {
  const [busy, setBusy] = useState(false);
  const [heart, setHeart] = useState(false);
  const [match, setMatch] = useState<MatchInfo | null>(null);
  const swiped = useRef(new Set<number>());
  const busyRef = useRef(false);

  const swipe = useCallback(
    async (action: TSwipeAction) => {
      const current = currentNow();
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
          if (!res.success) toast.error(swipeErrorOf(res, SWIPE_MSG.swipeError));
        });
        window.setTimeout(release, DISLIKE_EXIT_MS);
        return;
      }
      setHeart(true);
      await sleep(SWIPE_LIKE_ANIMATION_MS);
      setHeart(false);
      const res = await sendSwipe(current.id, 'like');
      if (!res.success) {
        toast.error(swipeErrorOf(res, SWIPE_MSG.swipeError));
        return release();
      }
      swiped.current.add(current.id);
      advancePast(current.id);
      if (res.data?.is_match) setMatch({ profile: current, chatId: res.data.chat_id ?? null });
      release();
    },
    [currentNow, advancePast],
  );

  return { busy, heart, match, swipe, closeMatch: () => setMatch(null) };
}
