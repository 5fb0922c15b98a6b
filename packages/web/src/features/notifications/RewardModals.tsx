/**
 * Decides, once per app load, between the welcome modal (signup gift) and the daily-reward
 * modal (spec 1 §4), and shows it. Loaded lazily by the shell.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callData } from '../../api/call';
import { profileKey, useProfile, type OwnProfile } from '../../api/useProfile';
import { dayKey } from './reminderSchedule';
import {
  DAILY_REWARD_SHOWN_KEY,
  decideRewardModal,
  readDailyRewardInfo,
  type DailyRewardInfo,
} from './rewardPolicy';
import { DailyRewardModal } from './DailyRewardModal';
import { WelcomeModal } from './WelcomeModal';
import { readLocal, writeLocal } from './storage';
import { onSessionChange } from '../../auth/session';

/** Set once a modal opened or nothing was due: the check runs once per app load (and session). */
let settled = false;
onSessionChange(() => {
  settled = false;
});

const today = () => dayKey(new Date());
const lastShownDay = () => readLocal(DAILY_REWARD_SHOWN_KEY);
const rememberShownToday = () => writeLocal(DAILY_REWARD_SHOWN_KEY, today());

function useDailyRewardInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['daily-rewards', 'info'],
    enabled,
    staleTime: Infinity,
    retry: 0,
    queryFn: async () => readDailyRewardInfo(await callData('profile.dailyReward', {})),
  });
}

export default function RewardModals() {
  const qc = useQueryClient();
  const gifted = useProfile().data?.gifted_signup;
  const [open, setOpen] = useState<'welcome' | 'daily' | null>(null);
  const [shownToday] = useState(() => lastShownDay() === today());
  const daily = useDailyRewardInfo(!settled && gifted === false && !shownToday);

  useEffect(() => {
    if (settled || gifted === undefined) return;
    if (daily.isError) {
      settled = true;
      return;
    }
    const decision = decideRewardModal(gifted, daily.data, lastShownDay(), today());
    if (decision.modal === 'pending') return;
    if (decision.modal === null) {
      settled = true;
      return;
    }
    const modal = decision.modal;
    const timer = setTimeout(() => {
      settled = true;
      if (modal === 'daily') rememberShownToday();
      setOpen(modal);
    }, decision.delayMs);
    return () => clearTimeout(timer);
  }, [gifted, daily.data, daily.isError]);

  const handleStart = () => {
    setOpen(null);
    qc.setQueryData<OwnProfile>(profileKey, (p) => (p ? { ...p, gifted_signup: false } : p));
    void call('profile.markGiftSeen', {}).finally(
      () => void qc.invalidateQueries({ queryKey: profileKey }),
    );
  };

  if (open === 'welcome') return <WelcomeModal onStart={handleStart} />;
  if (open === 'daily' && daily.data) {
    const info: DailyRewardInfo = daily.data;
    return <DailyRewardModal info={info} onClose={() => setOpen(null)} />;
  }
  return null;
}
