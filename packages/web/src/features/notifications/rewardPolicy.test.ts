import { describe, expect, it } from 'vitest';
import { decideRewardModal, readDailyRewardInfo } from './rewardPolicy';

const given = { reward_given_today: true, reward_amount: 10, message: 'Bonus quotidien' };
const notGiven = { ...given, reward_given_today: false };

describe('decideRewardModal', () => {
  it('opens the welcome 1.5 s after a profile with the signup gift', () => {
    expect(decideRewardModal(true, undefined, null, '2025-09-08')).toEqual({
      modal: 'welcome',
      delayMs: 1500,
    });
  });

  it('opens the daily reward 2 s later when it was given today', () => {
    expect(decideRewardModal(false, given, null, '2025-09-08')).toEqual({
      modal: 'daily',
      delayMs: 2000,
    });
    expect(decideRewardModal(false, given, '2025-09-07', '2025-09-08').modal).toBe('daily');
  });

  it('shows the daily reward at most once a day', () => {
    expect(decideRewardModal(false, given, '2025-09-08', '2025-09-08').modal).toBeNull();
  });

  it('waits for the daily info, and shows nothing when no reward was given', () => {
    expect(decideRewardModal(false, undefined, null, '2025-09-08').modal).toBe('pending');
    expect(decideRewardModal(false, notGiven, null, '2025-09-08').modal).toBeNull();
  });
});

describe('readDailyRewardInfo', () => {
  it('reads the answer and defaults what is missing', () => {
    expect(readDailyRewardInfo(given)).toEqual(given);
    expect(readDailyRewardInfo(null)).toEqual({
      reward_given_today: false,
      reward_amount: 0,
      message: '',
    });
  });
});
