/**
 * Swipes (spec 1 §7): POST /swipe/profiles for a page of candidates and POST /swipe for a
 * decision. The deck's own pacing (throttling, prefetch, reload once) lives in
 * features/swipes/useSwipeDeck.ts; these are the two calls it makes, typed from the route table.
 */
import type { TSwipeAction, TSwipeProfilesRequest } from '@app/shared';
import { call } from './call';

export function fetchSwipeProfiles(body: TSwipeProfilesRequest, signal?: AbortSignal) {
  return call('swipes.profiles', body, { signal });
}

export function sendSwipe(targetUserId: number, action: TSwipeAction) {
  return call('swipes.swipe', { target_user_id: targetUserId, action });
}
