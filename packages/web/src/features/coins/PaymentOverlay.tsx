/** The full-screen status overlay (spec 2 "Buy coins", §4): in progress, then the success. */
import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { COINS_TEXT } from './texts';

export function PaymentOverlay({
  phase,
  text,
  coins,
  onHome,
}: {
  phase: 'pending' | 'success';
  text: string;
  coins: number;
  onHome: () => void;
}) {
  const homeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase === 'success') homeRef.current?.focus();
  }, [phase]);
  return (
    <div
      className="pay-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="pay-overlay-title"
      data-testid="payment-overlay"
    >
      <div className="pay-overlay-box" aria-live="polite">
        {phase === 'pending' ? (
          <>
            <div className="spinner pay-spinner" aria-hidden />
            <h2 id="pay-overlay-title">{COINS_TEXT.overlayPending}</h2>
            <p className="muted">{text}</p>
          </>
        ) : (
          <>
            <div className="pay-success-icon" aria-hidden>
              <Check />
            </div>
            <h2 id="pay-overlay-title">{COINS_TEXT.overlaySuccess}</h2>
            <p>{COINS_TEXT.purchaseSuccess(coins)}</p>
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
      </div>
    </div>
  );
}
