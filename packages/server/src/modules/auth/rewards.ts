/**
 * Coins given by the accounts feature: the signup gift (100, once), the daily login bonus
 * (10, once per calendar day in Ouagadougou) and the referral reward (100 to the inviter,
 * when the invited member verifies the e-mail).
 */
import {
  BUSINESS_TIME_ZONE,
  DAILY_BONUS_COINS,
  REFERRAL_REWARD_COINS,
  SIGNUP_GIFT_COINS,
} from '@app/shared';
import type { Sql } from '../../db/db.js';
import { applyMovement, hasMovement } from '../coins/ledger.js';

export const businessDay = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);

export const dailyBonusKey = (userId: number, now: Date) =>
  `daily_bonus:${userId}:${businessDay(now)}`;

export async function giveSignupGift(tx: Sql, userId: number) {
  const res = await applyMovement(tx, {
    userId,
    amount: SIGNUP_GIFT_COINS,
    reason: 'signup_gift',
    key: `signup_gift:${userId}`,
  });
  if (res.applied) await tx.query('UPDATE users SET gifted_signup = true WHERE id = $1', [userId]);
  return res;
}

/** Gives today's bonus once; answers whether this call gave it. */
export async function giveDailyBonus(tx: Sql, userId: number, now: Date) {
  return applyMovement(tx, {
    userId,
    amount: DAILY_BONUS_COINS,
    reason: 'daily_bonus',
    key: dailyBonusKey(userId, now),
    meta: { day: businessDay(now) },
  });
}

export const dailyBonusGivenToday = (sql: Sql, userId: number, now: Date) =>
  hasMovement(sql, dailyBonusKey(userId, now));

export async function payReferralReward(tx: Sql, referrerId: number, newUserId: number) {
  return applyMovement(tx, {
    userId: referrerId,
    amount: REFERRAL_REWARD_COINS,
    reason: 'referral_reward',
    key: `referral_reward:${newUserId}`,
    meta: { referred_user_id: newUserId },
  });
}
