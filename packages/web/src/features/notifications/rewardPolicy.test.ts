/** The reward modals' timing: one combined welcome on the first login, then the daily alone. */
import { describe, expect, it } from 'vitest';
import { decideRewardModal, readDailyRewardInfo } from './rewardPolicy';

const given = {
  reward_given_today: true,
  reward_amount: 10,
  message: 'Bonus quotidien',
  seen_today: false,
};
const notGiven = { ...given, reward_given_today: false };
const TODAY = '2025-09-08';

describe('decideRewardModal', () => {
  it("first login: one welcome 1.5 s after the profile, carrying the day's bonus", () => {
    expect(decideRewardModal(true, given, null, TODAY)).toEqual({
      modal: 'welcome',
      withDaily: true,
      delayMs: 1500,
    });
    expect(decideRewardModal(true, given, '2025-09-07', TODAY)).toEqual({
      modal: 'welcome',
      withDaily: true,
      delayMs: 1500,
    });
  });

  it('first login: waits for the daily info before opening the welcome', () => {
    expect(decideRewardModal(true, 'pending', null, TODAY)).toEqual({ modal: 'pending' });
  });

  it('first login: the welcome alone when no bonus was given or its info failed', () => {
    for (const daily of [notGiven, 'failed'] as const) {
      expect(decideRewardModal(true, daily, null, TODAY)).toEqual({
        modal: 'welcome',
        withDaily: false,
        delayMs: 1500,
      });
    }
  });

  it('the gift not yet taken: the welcome again, without the bonus already shown today', () => {
    expect(decideRewardModal(true, 'pending', TODAY, TODAY)).toEqual({
      modal: 'welcome',
      withDaily: false,
      delayMs: 1500,
    });
  });

  it('a later day: the daily reward alone, 2 s later', () => {
    expect(decideRewardModal(false, given, '2025-09-07', TODAY)).toEqual({
      modal: 'daily',
      delayMs: 2000,
    });
    expect(decideRewardModal(false, given, null, TODAY)).toEqual({ modal: 'daily', delayMs: 2000 });
  });

  it('the same day again: nothing, even once the welcome (and its bonus) was shown', () => {
    expect(decideRewardModal(false, given, TODAY, TODAY)).toEqual({ modal: null });
    expect(decideRewardModal(false, 'pending', TODAY, TODAY)).toEqual({ modal: null });
  });

  it('shown today on another device: nothing here, the welcome without the bonus', () => {
    const seen = { ...given, seen_today: true };
    expect(decideRewardModal(false, seen, null, TODAY)).toEqual({ modal: null });
    expect(decideRewardModal(true, seen, null, TODAY)).toEqual({
      modal: 'welcome',
      withDaily: false,
      delayMs: 1500,
    });
  });

  it('waits for the daily info, and shows nothing when no reward was given or it failed', () => {
    expect(decideRewardModal(false, 'pending', null, TODAY)).toEqual({ modal: 'pending' });
    expect(decideRewardModal(false, notGiven, null, TODAY)).toEqual({ modal: null });
    expect(decideRewardModal(false, 'failed', null, TODAY)).toEqual({ modal: null });
  });
});

describe('readDailyRewardInfo', () => {
  it('reads the answer and defaults what is missing', () => {
    expect(readDailyRewardInfo(given)).toEqual(given);
    expect(readDailyRewardInfo(null)).toEqual({
      reward_given_today: false,
      reward_amount: 0,
      message: '',
      seen_today: false,
    });
  });
});
