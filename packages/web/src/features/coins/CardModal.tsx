/**
 * 'Paiement international' (spec 2 "Buy coins"): the pack, then CinetPay's payment page; Orange
 * Money / Moov Money stays one tap away.
 */
import type { TCoinPack } from '@app/shared';
import { CoinsDialog } from './CoinsDialog';
import { MethodSwitch, PackSummary, PayActions } from './CoinsParts';
import { COINS_TEXT } from './texts';

export function CardModal({
  pack,
  busy,
  error,
  onConfirm,
  onClose,
  onMobileMoney,
}: {
  pack: TCoinPack;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Switches to the mobile-money dialog for the same pack. */
  onMobileMoney: () => void;
}) {
  return (
    <CoinsDialog title={COINS_TEXT.cardTitle} onClose={onClose} testId="card-modal">
      <PackSummary pack={pack} />
      <p className="muted pay-note">{COINS_TEXT.cardLead}</p>
      <MethodSwitch to="mobile" disabled={busy} onSwitch={onMobileMoney} />
      <PayActions
        busy={busy}
        label={COINS_TEXT.confirm}
        error={error}
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </CoinsDialog>
  );
}
