/**
 * Decides, once per app load, between the welcome modal (signup gift, with today's bonus inside
 * it on the first login) and the daily-reward modal (spec 1 §4), and shows it: a new member
 * gets one pop-up, not two in a row. Loaded lazily by the shell.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { claimDailyRewardWindow, fetchDailyReward, markGiftSeen } from '../../api/memberCalls';
import { useProfile } from '../../api/useProfile';
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
import './notifications.css';
import { memberChanged } from '../../api/memberChanged';

/** Set once a modal opened or nothing was due: the check runs once per app load (and session). */
let settled = false;
/**
 * This load's claim of today's reward window on the server (asked once: a re-run of the
 * decision reuses its answer). False when another device showed it today.
 */
let claim: Promise<boolean> | null = null;
onSessionChange(() => {
  settled = false;
  claim = null;
});

const today = () => dayKey(new Date());
const lastShownDay = () => readLocal(DAILY_REWARD_SHOWN_KEY);
const rememberShownToday = () => writeLocal(DAILY_REWARD_SHOWN_KEY, today());

/** The open modal: the welcome (with today's bonus when it carries it) or the daily reward. */
type OpenModal =
  | { kind: 'welcome'; daily: DailyRewardInfo | undefined }
  | { kind: 'daily'; daily: DailyRewardInfo };

function useDailyRewardInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['daily-rewards', 'info'],
    enabled,
    staleTime: Infinity,
    retry: 0,
    queryFn: async () => readDailyRewardInfo(await fetchDailyReward()),
  });
}

/** How often a reward modal that is due looks again whether another dialog has closed. */
const DIALOG_FREE_POLL_MS = 1_000;

export default function RewardModals() {
  const qc = useQueryClient();
  const gifted = useProfile().data?.gifted_signup;
  const [open, setOpen] = useState<OpenModal | null>(null);
  const [shownToday] = useState(() => lastShownDay() === today());
  const daily = useDailyRewardInfo(!settled && gifted !== undefined && !shownToday);

  useEffect(() => {
    if (settled || gifted === undefined) return;
    const info = daily.data;
    const state = daily.isError ? 'failed' : (info ?? 'pending');
    const decision = decideRewardModal(gifted, state, lastShownDay(), today());
    if (decision.modal === 'pending') return;
    if (decision.modal === null) {
      settled = true;
      return;
    }
    let next: OpenModal | null = null;
    if (decision.modal === 'welcome') {
      next = { kind: 'welcome', daily: decision.withDaily ? info : undefined };
    } else if (info) {
      next = { kind: 'daily', daily: info };
    }
    if (!next) return;
    const due = next;
    let timer: ReturnType<typeof setTimeout>;
    let active = true;
    const openWhenFree = (modal: OpenModal | null) => {
      if (!active) return;
      // Never over another dialog (a match screen, a payment): it would sit under it, out of
      // reach, so wait until the member has closed that one.
      if (document.querySelector('dialog[open]')) {
        timer = setTimeout(() => openWhenFree(modal), DIALOG_FREE_POLL_MS);
        return;
      }
      settled = true;
      if (due.daily) rememberShownToday();
      if (modal) setOpen(modal);
    };
    timer = setTimeout(() => {
      if (!due.daily) return openWhenFree(due);
      // The server keeps today's window to one device: another one may have just shown it.
      claim ??= claimDailyRewardWindow();
      void claim.then((first) => {
        if (first) openWhenFree(due);
        else openWhenFree(due.kind === 'welcome' ? { kind: 'welcome', daily: undefined } : null);
      });
    }, decision.delayMs);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [gifted, daily.data, daily.isError]);

  const handleStart = () => {
    setOpen(null);
    void memberChanged(qc, { fields: { gifted_signup: false }, settled: true });
    void markGiftSeen().finally(() => void memberChanged(qc));
  };

  if (open?.kind === 'welcome') return <WelcomeModal daily={open.daily} onStart={handleStart} />;
  if (open?.kind === 'daily') {
    return <DailyRewardModal info={open.daily} onClose={() => setOpen(null)} />;
  }
  return null;
}
