/**
 * The full-screen status overlay (spec 2 "Buy coins", §4): in progress, then the success, or
 * the failure's result (PaymentFailed), which stays until the member chooses.
 */
import { Check } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { PaymentCredit } from './usePaymentPolling';
import { COINS_TEXT } from './texts';

export type OverlayPhase = 'pending' | 'success' | 'failed';

export function PaymentOverlay({
  phase,
  text,
  credit,
  onHome,
  failed,
}: {
  phase: OverlayPhase;
  text: string;
  /** What the success credited, bonus included, and the new balance. */
  credit: PaymentCredit | null;
  onHome: () => void;
  /** What the failed phase shows (PaymentFailed). */
  failed?: ReactNode;
}) {
  const homeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase === 'success') homeRef.current?.focus();
  }, [phase]);
  return (
    // Escape leaves it: the payment's outcome (or the failure's choices) must be seen.
    <Dialog
      backdropClassName={`pay-overlay pay-overlay-${phase}`}
      className={false}
      role={phase === 'failed' ? 'alertdialog' : 'dialog'}
      labelledBy="pay-overlay-title"
      testId="payment-overlay"
      closeOnBackdrop={false}
      onClose={() => undefined}
    >
      <div className="pay-overlay-box" aria-live="polite">
        {phase === 'pending' && (
          <>
            <div className="spinner pay-spinner" aria-hidden />
            <h2 id="pay-overlay-title">{COINS_TEXT.overlayPending}</h2>
            <p className="muted">{text}</p>
          </>
        )}
        {phase === 'success' && (
          <>
            <div className="pay-success-icon" aria-hidden>
              <Check />
            </div>
            <h2 id="pay-overlay-title">{COINS_TEXT.overlaySuccess}</h2>
            {credit && (
              <>
                <p>{COINS_TEXT.purchaseSuccess(credit.coins + credit.bonus)}</p>
                {credit.bonus > 0 && (
                  <p className="muted">{COINS_TEXT.creditDetail(credit.coins, credit.bonus)}</p>
                )}
                <p className="pay-new-balance">{COINS_TEXT.newBalance(credit.balance)}</p>
              </>
            )}
            <button
              ref={homeRef}
              type="button"
              className="btn btn-primary btn-block"
              onClick={onHome}
            >
              {COINS_TEXT.backHome}
            </button>
          </>
        )}
        {phase === 'failed' && failed}
      </div>
    </Dialog>
  );
}
