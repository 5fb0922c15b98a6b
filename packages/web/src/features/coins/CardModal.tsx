/** 'Paiement international' (spec 2 "Buy coins"): the pack, then CinetPay's payment page. */
import { formatFcfa, type TCoinPack } from '@app/shared';
import { CoinsDialog } from './CoinsDialog';
import { COINS_TEXT } from './texts';

export function CardModal({
  pack,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  pack: TCoinPack;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <CoinsDialog title={COINS_TEXT.cardTitle} onClose={onClose} testId="card-modal">
      <p className="pay-summary">
        <strong>{COINS_TEXT.summary(pack.coins, pack.bonus)}</strong>
        <span>{formatFcfa(pack.price)}</span>
      </p>
      <p className="muted pay-note">{COINS_TEXT.cardLead}</p>
      <p className="pay-error" role="alert">
        {error}
      </p>
      <div className="pay-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          {COINS_TEXT.cancel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
          {busy ? COINS_TEXT.processing : COINS_TEXT.confirm}
        </button>
      </div>
    </CoinsDialog>
  );
}
