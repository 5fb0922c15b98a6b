/** 'Paiement international' (spec 2 "Buy coins"): the pack, then CinetPay's payment page. */
import type { TCoinPack } from '@app/shared';
import { CoinsDialog } from './CoinsDialog';
import { PackSummary, PayActions } from './CoinsParts';
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
      <PackSummary pack={pack} />
      <p className="muted pay-note">{COINS_TEXT.cardLead}</p>
      <p className="pay-error" role="alert">
        {error}
      </p>
      <PayActions busy={busy} label={COINS_TEXT.confirm} onCancel={onClose} onConfirm={onConfirm} />
    </CoinsDialog>
  );
}
