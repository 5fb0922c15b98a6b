/**
 * Swipes (spec 1 §7): POST /swipe/profiles for a page of candidates and POST /swipe for a
 * decision. The deck's own pacing (throttling, prefetch, reload once) lives in
 * features/swipes/useSwipeDeck.ts; these are the two calls it makes.
 */
import type { TSwipeAction, TSwipeProfile, TSwipeProfilesRequest, TSwipeResult } from '@app/shared';
import { api } from './client';

export function fetchSwipeProfiles(body: TSwipeProfilesRequest, signal?: AbortSignal) {
  return api<TSwipeProfile[]>('/swipe/profiles', { body: { ...body }, signal });
}

export function sendSwipe(targetUserId: number, action: TSwipeAction) {
  return api<TSwipeResult>('/swipe', { body: { target_user_id: targetUserId, action } });
}
