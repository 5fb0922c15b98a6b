/**
 * When the welcome and daily-reward modals open (spec 1 §4 "Signup gift"). A member with the
 * signup gift gets ONE welcome 1.5 s after the profile loads, which also carries today's bonus
 * when it was given (no second pop-up after it); otherwise, if today's reward was given, the
 * reward modal 2 s later. Today's bonus is shown at most once a day, whatever the device: the
 * server remembers the day it was shown (`seen_today`, and the claim made as it opens); this
 * device also remembers it in localStorage, which spares even the call.
 */
import type { TDailyRewardInfo } from '@app/shared';

const WELCOME_DELAY_MS = 1_500;
const DAILY_REWARD_DELAY_MS = 2_000;
/** The welcome's benefit lines appear at 0.5 s, 1 s and 1.5 s. */
export const BENEFIT_STEP_MS = 500;
export const DAILY_REWARD_SHOWN_KEY = 'daily_reward_shown';

/** The `data` of /daily-rewards/info, as the route table types it. */
export type DailyRewardInfo = TDailyRewardInfo;

/** Today's reward info: its answer, still awaited, or unavailable (the call failed). */
export type DailyRewardState = DailyRewardInfo | 'pending' | 'failed';

export type RewardDecision =
  /** The welcome; `withDaily`: today's bonus is shown inside it (and counts as shown today). */
  | { modal: 'welcome'; withDaily: boolean; delayMs: number }
  | { modal: 'daily'; delayMs: number }
  | { modal: null }
  /** The daily info is still needed to decide. */
  | { modal: 'pending' };

export function decideRewardModal(
  gifted: boolean,
  daily: DailyRewardState,
  lastShownDay: string | null,
  today: string,
): RewardDecision {
  const dailyDue = lastShownDay !== today;
  if (gifted && !dailyDue) return { modal: 'welcome', withDaily: false, delayMs: WELCOME_DELAY_MS };
  if (!dailyDue) return { modal: null };
  if (daily === 'pending') return { modal: 'pending' };
  // Shown today on another device: not again here.
  const given = daily !== 'failed' && daily.reward_given_today && !daily.seen_today;
  if (gifted) return { modal: 'welcome', withDaily: given, delayMs: WELCOME_DELAY_MS };
  return given ? { modal: 'daily', delayMs: DAILY_REWARD_DELAY_MS } : { modal: null };
}

/** The answer of /daily-rewards/info, read defensively. */
export function readDailyRewardInfo(data: unknown): DailyRewardInfo {
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    reward_given_today: d.reward_given_today === true,
    reward_amount: typeof d.reward_amount === 'number' ? d.reward_amount : 0,
    message: typeof d.message === 'string' ? d.message : '',
    seen_today: d.seen_today === true,
  };
}
