/**
 * The failed payment's result (spec 2 "Buy coins", §4, §8): 'Votre paiement a échoué', the
 * reason, the order number to quote to support, 'Réessayer' and a way back. It stays until the
 * member chooses; Escape goes back.
 */
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { COINS_TEXT } from './texts';

export function PaymentFailed({
  reason,
  orderId,
  onRetry,
  onBack,
}: {
  reason: string;
  orderId: string;
  onRetry: () => void;
  onBack: () => void;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });
  useEffect(() => {
    retryRef.current?.focus();
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') back.current();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, []);

  return (
    <>
      <div className="pay-failed-icon" aria-hidden>
        <X />
      </div>
      <h2 id="pay-overlay-title">{COINS_TEXT.failedToast}</h2>
      <dl className="pay-failed-facts">
        <div>
          <dt>{COINS_TEXT.failedReasonLabel}</dt>
          <dd data-testid="payment-failed-reason">{reason}</dd>
        </div>
        <div>
          <dt>{COINS_TEXT.orderLabel}</dt>
          <dd>
            <code data-testid="payment-order-id">{orderId}</code>
          </dd>
        </div>
      </dl>
      <p className="muted pay-note">{COINS_TEXT.failedHelp}</p>
      <div className="pay-failed-actions">
        <button
          ref={retryRef}
          type="button"
          className="btn btn-primary btn-block"
          onClick={onRetry}
        >
          {COINS_TEXT.retry}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onBack}>
          {COINS_TEXT.backToOffers}
        </button>
      </div>
    </>
  );
}
