/**
 * The welcome modal for a member with the signup gift (spec 1 §4): the gift of 100 pièces and,
 * on the first login, today's bonus beside it (one modal rather than two in a row); three
 * benefit lines appear at 0.5 s, 1 s and 1.5 s; 'Commencer l'aventure' closes it.
 */
import { CoinIcon } from '../../ui/CoinIcon';
import { Gift } from 'lucide-react';
import { SIGNUP_GIFT_COINS } from '@app/shared';
import { BENEFIT_STEP_MS, type DailyRewardInfo } from './rewardPolicy';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { Dialog } from '../../ui/Dialog';

/**
 * Today's bonus: its title and amount. Not the server's sentence too (« Bonus quotidien : +10
 * pièces… »): the welcome would say « Bonus quotidien » twice.
 */
function DailyBonus({ info }: { info: DailyRewardInfo }) {
  return (
    <section aria-labelledby="welcome-daily-title" data-testid="welcome-daily">
      <p id="welcome-daily-title" className="welcome-lead">
        {NOTIF_TEXT.dailyTitle}
      </p>
      {info.reward_amount > 0 && (
        <p className="reward-amount">
          <CoinIcon /> {NOTIF_TEXT.dailyAmount(info.reward_amount)}
        </p>
      )}
    </section>
  );
}

export function WelcomeModal({
  daily,
  onStart,
}: {
  /** Today's bonus, shown in the welcome on the first login. */
  daily?: DailyRewardInfo | undefined;
  onStart: () => void;
}) {
  return (
    <Dialog
      className="modal reward-modal"
      labelledBy="welcome-title"
      testId="welcome-modal"
      closeOnBackdrop={false}
      onClose={onStart}
    >
      <div className="reward-hero" aria-hidden>
        <Gift />
      </div>
      <h2 id="welcome-title">{NOTIF_TEXT.welcomeTitle}</h2>
      <p className="muted">{NOTIF_TEXT.welcomeGiftLead}</p>
      <p className="reward-amount">
        <CoinIcon /> {NOTIF_TEXT.welcomeGift(SIGNUP_GIFT_COINS)}
      </p>
      {daily && <DailyBonus info={daily} />}
      <p className="welcome-lead">{NOTIF_TEXT.welcomeBenefitsLead}</p>
      <ul className="welcome-benefits">
        {NOTIF_TEXT.welcomeBenefits.map((benefit, i) => (
          <li key={benefit} style={{ animationDelay: `${(i + 1) * BENEFIT_STEP_MS}ms` }}>
            {benefit}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-block" onClick={onStart}>
        {NOTIF_TEXT.welcomeStart}
      </button>
    </Dialog>
  );
}
