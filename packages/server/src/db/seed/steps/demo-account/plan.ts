/**
 * What the demo account step writes, planned as plain data from the members and the clock alone
 * (same members and clock, same plan): who liked the demo account, its matches, its chats and
 * every notification they make.
 */
import type { Rng } from '../../rng.js';
import { planContactChats } from './chats.js';
import { planLikesReceived, planMatches } from './likes.js';
import type { ActivityMember, ActivityPlan, PlanContext } from './model.js';
import { notifier, notifyMessages, notifyWelcome } from './notifications.js';

const DEMO_LIKES_RECEIVED = 12;
/** Likes still waiting for the demo account's answer, drawn from the front of its deck. */
const LIKES_WAITING_IN_DECK = 8;

/**
 * What to write, as plain data: same members and clock, same plan. `candidates` are ordered;
 * the demo account's preferred gender comes first, as in the swipe deck. `deckFront` are the
 * first members of the demo account's deck (deck.ts): most likes still waiting for an answer
 * come from them, so the deck soon offers a match; the other likers become the matches.
 */
export function planDemoActivity(
  rng: Rng,
  me: ActivityMember,
  candidates: readonly ActivityMember[],
  now: Date,
  photos: (key: string | null) => string | null,
  deckFront: readonly ActivityMember[] = [],
): ActivityPlan {
  const t = now.getTime();
  const preferred = me.gender === 'homme' ? 'femme' : 'homme';
  const pool = [
    ...rng.sample(
      candidates.filter((c) => c.gender === preferred),
      candidates.length,
    ),
    ...rng.sample(
      candidates.filter((c) => c.gender !== preferred),
      candidates.length,
    ),
  ];
  const waiting = rng.sample(deckFront, LIKES_WAITING_IN_DECK);
  const isWaiting = new Set(waiting.map((m) => m.id));
  const others = pool.filter((c) => !isWaiting.has(c.id));
  // planMatches answers the first likers: the waiting ones come last.
  const matched = others.slice(0, DEMO_LIKES_RECEIVED - waiting.length);
  const likers = [...matched, ...waiting];
  const [contactIn, contactOut] = others.slice(matched.length, matched.length + 2);
  const plan: ActivityPlan = { swipes: [], chats: [], notifications: [] };
  const ctx: PlanContext = { rng, me, now: t, plan, notify: notifier(plan, t), photos };

  // In this order: each step draws from `rng` after the one before.
  notifyWelcome(ctx);
  planLikesReceived(ctx, likers);
  planMatches(ctx, likers);
  planContactChats(ctx, contactIn, contactOut);
  notifyMessages(ctx, [me, ...likers, contactIn, contactOut]);

  plan.notifications.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return plan;
}
