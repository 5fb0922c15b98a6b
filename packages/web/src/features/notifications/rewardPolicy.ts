/**
 * When the welcome and daily-reward modals open (spec 1 §4 "Signup gift"): the welcome 1.5 s
 * after a profile with the gift loads; otherwise, if today's reward was given, the reward
 * modal 2 s later, at most once a day (remembered in localStorage).
 */
import type { TDailyRewardInfo } from '@app/shared';

const WELCOME_DELAY_MS = 1_500;
const DAILY_REWARD_DELAY_MS = 2_000;
/** The welcome's benefit lines appear at 0.5 s, 1 s and 1.5 s. */
export const BENEFIT_STEP_MS = 500;
export const DAILY_REWARD_SHOWN_KEY = 'daily_reward_shown';

/** The `data` of /daily-rewards/info, as the route table types it. */
export type DailyRewardInfo = TDailyRewardInfo;

export type RewardDecision =
  | { modal: 'welcome'; delayMs: number }
  | { modal: 'daily'; delayMs: number }
  | { modal: null }
  /** The daily info is still needed to decide. */
  | { modal: 'pending' };

export function decideRewardModal(
  gifted: boolean,
  daily: DailyRewardInfo | undefined,
  lastShownDay: string | null,
  today: string,
): RewardDecision {
  if (gifted) return { modal: 'welcome', delayMs: WELCOME_DELAY_MS };
  if (lastShownDay === today) return { modal: null };
  if (!daily) return { modal: 'pending' };
  return daily.reward_given_today
    ? { modal: 'daily', delayMs: DAILY_REWARD_DELAY_MS }
    : { modal: null };
}

/** The answer of /daily-rewards/info, read defensively. */
export function readDailyRewardInfo(data: unknown): DailyRewardInfo {
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    reward_given_today: d.reward_given_today === true,
    reward_amount: typeof d.reward_amount === 'number' ? d.reward_amount : 0,
    message: typeof d.message === 'string' ? d.message : '',
  };
}
