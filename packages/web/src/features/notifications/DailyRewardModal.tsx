/** The daily-reward modal (spec 1 §4): +reward_amount pièces and the server's message. */
import { CoinIcon } from '../../ui/CoinIcon';
import { X } from 'lucide-react';
import type { DailyRewardInfo } from './rewardPolicy';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { Dialog } from '../../ui/Dialog';

export function DailyRewardModal({
  info,
  onClose,
}: {
  info: DailyRewardInfo;
  onClose: () => void;
}) {
  return (
    <Dialog
      className="modal reward-modal"
      labelledBy="daily-title"
      testId="daily-reward-modal"
      onClose={onClose}
    >
      <button
        type="button"
        className="icon-btn modal-close"
        aria-label={NOTIF_TEXT.close}
        onClick={onClose}
      >
        <X />
      </button>
      <div className="reward-hero" aria-hidden>
        <CoinIcon />
      </div>
      <h2 id="daily-title">{NOTIF_TEXT.dailyTitle}</h2>
      {info.reward_amount > 0 && (
        <p className="reward-amount">{NOTIF_TEXT.dailyAmount(info.reward_amount)}</p>
      )}
      {info.message && <p className="muted">{info.message}</p>}
      <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
        {NOTIF_TEXT.dailyOk}
      </button>
    </Dialog>
  );
}
