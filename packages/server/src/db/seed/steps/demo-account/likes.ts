/**
 * The demo account's likes and matches: a dozen members liked it over the last twelve days (each
 * swipe with its 'profile_like' notification), and it liked the four newest back. As in
 * swipe.service.ts, each match has a 'match' chat and a 'match' notification for both members.
 */
import { CALM_MATCH, LIVELY_MATCH, NEW_MATCH } from '../../data/conversations.js';
import { matchChat } from './chats.js';
import type { ActivityMember, PlanContext } from './model.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './model.js';

/** The scripts of the matches' chats, newest match first; the last one has no message yet. */
const MATCH_SCRIPTS = [LIVELY_MATCH, CALM_MATCH, NEW_MATCH, []] as const;

/**
 * Likes over the last twelve days, the newest a few hours ago, newest first (the freshest
 * activity is what the chats screen shows first).
 */
export function planLikesReceived(ctx: PlanContext, likers: readonly ActivityMember[]): void {
  const { rng, me, now: t, plan, notify, photos } = ctx;
  const likeTimes = likers
    .map(() => t - (3 * HOUR_MS + rng.next() * 12 * DAY_MS))
    .sort((a, b) => b - a);
  likers.forEach((liker, i) => {
    const at = new Date(Math.max(likeTimes[i] ?? t, liker.createdAt.getTime() + HOUR_MS));
    plan.swipes.push({ swiperId: liker.id, targetId: me.id, at });
    notify(
      me.id,
      'profile_like',
      {
        liker_id: liker.id,
        liker_name: liker.name,
        liker_photo: photos(liker.photoKey),
      },
      at,
    );
  });
}

/** The four newest likes became matches; planLikesReceived's swipes come first in the plan. */
export function planMatches(ctx: PlanContext, likers: readonly ActivityMember[]): void {
  const { rng, me, now: t, plan, notify, photos } = ctx;
  likers.slice(0, MATCH_SCRIPTS.length).forEach((them, i) => {
    const likedAt = plan.swipes[i]?.at.getTime() ?? t - DAY_MS;
    // The demo account liked back between 20 minutes and 2 hours later.
    const matchedAt = new Date(
      Math.min(likedAt + (20 + rng.next() * 100) * MINUTE_MS, t - 30 * MINUTE_MS),
    );
    plan.swipes.push({ swiperId: me.id, targetId: them.id, at: matchedAt });
    const pair = { a: me.id, b: them.id };
    const data = (m: ActivityMember) => ({
      name: m.name,
      liker_id: m.id,
      liker_photo: photos(m.photoKey),
    });
    notify(them.id, 'match', data(me), matchedAt, undefined, pair);
    notify(me.id, 'match', data(them), matchedAt, undefined, pair);
    const unreadTail = i === 0 ? 2 : i === 2 ? 1 : 0;
    plan.chats.push(matchChat(ctx, them, MATCH_SCRIPTS[i] ?? [], matchedAt, unreadTail));
  });
}
