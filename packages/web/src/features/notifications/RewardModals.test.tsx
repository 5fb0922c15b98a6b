/**
 * The reward pop-ups as a member meets them (spec 1 §4): a new member gets ONE welcome that
 * carries the signup gift and today's bonus (not the welcome then the daily-reward modal); a
 * later day the daily-reward modal alone; the same day again, nothing. Answers are typed from
 * the shared contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIGNUP_GIFT_COINS, type TDailyRewardInfo } from '@app/shared';
import { api } from '../../test/msw';
import { ok, ownProfile } from '../../test/contract';
import { renderScreen } from '../../test/render';
import { setToken } from '../../auth/session';
import { dayKey } from './reminderSchedule';
import { DAILY_REWARD_SHOWN_KEY } from './rewardPolicy';
import RewardModals from './RewardModals';

const bonus: TDailyRewardInfo = {
  reward_given_today: true,
  reward_amount: 10,
  message: 'Bonus quotidien : +10 pièces ajoutées à votre solde !',
  seen_today: false,
};
const today = () => dayKey(new Date());
const yesterday = () => dayKey(new Date(Date.now() - 24 * 3600 * 1000));
/** Longer than the daily-reward modal's 2 s delay: a modal due would have opened by then. */
const pastEveryDelay = () => new Promise((r) => setTimeout(r, 2_300));

/**
 * The server of one member. `seenDay`: whether today's window was shown (on any device); the
 * claim answers first only once, as the server's row does.
 */
function serve(gifted: boolean, start: { seen?: boolean; claimTaken?: boolean } = {}) {
  const s = {
    gifted,
    dailyCalls: 0,
    giftSeenCalls: 0,
    claims: 0,
    seen: start.seen ?? false,
    claimTaken: start.claimTaken ?? start.seen ?? false,
  };
  api.use(
    http.post('/api/profile', () => ok(ownProfile({ gifted_signup: s.gifted }))),
    http.post('/api/daily-rewards/info', () => {
      s.dailyCalls += 1;
      return ok({ ...bonus, seen_today: s.seen });
    }),
    http.post('/api/daily-rewards/seen', () => {
      s.claims += 1;
      const first = !s.claimTaken;
      s.claimTaken = true;
      s.seen = true;
      return ok({ first });
    }),
    http.post('/api/user/mark-gift-seen', () => {
      s.giftSeenCalls += 1;
      s.gifted = false;
      return ok(null);
    }),
  );
  return s;
}

const showApp = () => renderScreen('/', '/', <RewardModals />);

beforeEach(() => {
  // A new session: the once-per-load check runs again, as after a sign-in.
  setToken('jeton-de-test');
});

describe('RewardModals', () => {
  it("welcomes a new member with one modal: the gift and today's bonus together", async () => {
    const s = serve(true);
    const { unmount } = showApp();

    const dialog = await screen.findByRole('dialog', {}, { timeout: 4_000 });
    const modal = within(dialog);
    expect(modal.getByRole('heading', { name: 'Bienvenue sur Rencontre !' })).toBeVisible();
    expect(modal.getByText(`${SIGNUP_GIFT_COINS} pièces`)).toBeVisible();
    expect(modal.getByText('Bonus quotidien')).toBeVisible();
    expect(modal.getByText('+10 pièces')).toBeVisible();
    // Said once: the title and the amount, not the server's sentence repeating them.
    expect(modal.getAllByText(/Bonus quotidien/)).toHaveLength(1);
    expect(localStorage.getItem(DAILY_REWARD_SHOWN_KEY)).toBe(today());

    await userEvent.click(modal.getByRole('button', { name: "Commencer l'aventure" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(s.giftSeenCalls).toBe(1));
    // No daily-reward modal follows the welcome.
    await pastEveryDelay();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The app opened again the same day: the bonus was already shown in the welcome.
    unmount();
    setToken('jeton-de-test');
    showApp();
    await pastEveryDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.dailyCalls).toBe(1);
  }, 15_000);

  it('waits while another dialog is open, then welcomes', async () => {
    serve(true);
    // Another modal (a match screen, a payment) is open when the welcome falls due.
    const other = document.createElement('dialog');
    other.setAttribute('open', '');
    document.body.append(other);
    showApp();
    await pastEveryDelay();
    expect(screen.queryByRole('button', { name: "Commencer l'aventure" })).toBeNull();
    other.remove();
    expect(
      await screen.findByRole('button', { name: "Commencer l'aventure" }, { timeout: 3_000 }),
    ).toBeVisible();
  }, 15_000);

  it('shows the daily-reward modal alone on a later day', async () => {
    localStorage.setItem(DAILY_REWARD_SHOWN_KEY, yesterday());
    serve(false);
    showApp();

    const dialog = await screen.findByRole('dialog', {}, { timeout: 4_000 });
    expect(dialog).toHaveAttribute('data-testid', 'daily-reward-modal');
    expect(within(dialog).getByText('+10 pièces')).toBeVisible();
    expect(within(dialog).queryByText('Bienvenue sur Rencontre !')).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(localStorage.getItem(DAILY_REWARD_SHOWN_KEY)).toBe(today());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Super !' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 10_000);

  it('shows nothing on a second device the same day: the server remembers the first one', async () => {
    // A phone that never showed it (nothing in its storage); the server says it was shown.
    localStorage.removeItem(DAILY_REWARD_SHOWN_KEY);
    const s = serve(false, { seen: true });
    showApp();
    await pastEveryDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.dailyCalls).toBe(1);
  }, 10_000);

  it('shows it on one device only when two open at once: the claim decides', async () => {
    // Both read « not shown yet »; the other device claimed today's showing first.
    localStorage.removeItem(DAILY_REWARD_SHOWN_KEY);
    const s = serve(false, { seen: false, claimTaken: true });
    showApp();
    await pastEveryDelay();
    await waitFor(() => expect(s.claims).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 10_000);

  it('claims the showing on the server when it opens the daily-reward modal', async () => {
    localStorage.removeItem(DAILY_REWARD_SHOWN_KEY);
    const s = serve(false);
    showApp();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4_000 });
    expect(dialog).toHaveAttribute('data-testid', 'daily-reward-modal');
    expect(s.claims).toBe(1);
    expect(s.seen).toBe(true);
  }, 10_000);

  it('shows nothing the same day again', async () => {
    localStorage.setItem(DAILY_REWARD_SHOWN_KEY, today());
    const s = serve(false);
    showApp();

    await pastEveryDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.dailyCalls).toBe(0);
  }, 10_000);
});
