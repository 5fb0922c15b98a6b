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

export const DEMO_LIKES_RECEIVED = 12;

/**
 * What to write, as plain data: same members and clock, same plan. `candidates` are ordered;
 * the demo account's preferred gender comes first, as in the swipe deck.
 */
export function planDemoActivity(
  rng: Rng,
  me: ActivityMember,
  candidates: readonly ActivityMember[],
  now: Date,
  photos: (key: string | null) => string | null,
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
  const likers = pool.slice(0, DEMO_LIKES_RECEIVED);
  const [contactIn, contactOut] = pool.slice(DEMO_LIKES_RECEIVED, DEMO_LIKES_RECEIVED + 2);
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
