/**
 * Coins given by the accounts feature: the signup gift (100, once), the daily login bonus
 * (10, once per calendar day in Ouagadougou) and the referral reward (100 to the inviter, once
 * the invited member has both verified the e-mail and completed the profile).
 */
import {
  BUSINESS_TIME_ZONE,
  DAILY_BONUS_COINS,
  REFERRAL_REWARD_COINS,
  SIGNUP_GIFT_COINS,
} from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';
import { applyMovement, hasMovement } from '../coins/index.js';
import type { Deps, Notify } from '../../deps.js';

type Metrics = Deps['metrics'];

export const businessDay = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);

const dailyBonusKey = (userId: number, now: Date) => `daily_bonus:${userId}:${businessDay(now)}`;

export async function giveSignupGift(trx: Database, userId: number, metrics: Metrics) {
  const res = await applyMovement(
    trx,
    {
      userId,
      amount: SIGNUP_GIFT_COINS,
      reason: 'signup_gift',
      key: `signup_gift:${userId}`,
    },
    metrics,
  );
  if (res.applied) {
    await trx.updateTable('users').set({ gifted_signup: true }).where('id', '=', userId).execute();
    await announce(trx, { member: userId });
  }
  return res;
}

/** Gives today's bonus once; answers whether this call gave it. */
export async function giveDailyBonus(trx: Database, userId: number, now: Date, metrics: Metrics) {
  return applyMovement(
    trx,
    {
      userId,
      amount: DAILY_BONUS_COINS,
      reason: 'daily_bonus',
      key: dailyBonusKey(userId, now),
      meta: { day: businessDay(now) },
    },
    metrics,
  );
}

export const dailyBonusGivenToday = (db: Database, userId: number, now: Date) =>
  hasMovement(db, dailyBonusKey(userId, now));

async function payReferralReward(
  trx: Database,
  referrerId: number,
  newUserId: number,
  metrics: Metrics,
) {
  return applyMovement(
    trx,
    {
      userId: referrerId,
      amount: REFERRAL_REWARD_COINS,
      reason: 'referral_reward',
      key: `referral_reward:${newUserId}`,
      meta: { referred_user_id: newUserId },
    },
    metrics,
  );
}

/**
 * Pays the inviter of `newUserId` once that member is verified, complete and not blocked: an
 * account made only to collect the reward costs a real mailbox and a whole profile. Called at
 * both steps, whichever comes last pays; the ledger key pays once. Answers the inviter paid now.
 */
export async function payReferralRewardIfDue(trx: Database, newUserId: number, metrics: Metrics) {
  const due = await trx
    .selectFrom('users')
    .select('referred_by')
    .where('id', '=', newUserId)
    .where('referred_by', 'is not', null)
    .where('email_verified_at', 'is not', null)
    .where('profile_completed_at', 'is not', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  if (!due?.referred_by) return null;
  const paid = await payReferralReward(trx, due.referred_by, newUserId, metrics);
  return paid.applied ? due.referred_by : null;
}

/** Tells the inviter, after the payment's transaction has committed. */
export async function announceReferralReward(notify: Notify, referrerId: number | null) {
  if (referrerId === null) return;
  // No name or e-mail of the new member: who they are is theirs to tell.
  await notify(referrerId, 'referral_signup', {});
  await notify(referrerId, 'referral_reward', { coins_earned: REFERRAL_REWARD_COINS });
}
