/**
 * Polls a payment's status every 5 s while the overlay is open (spec 2 §4): success and
 * failure (with its French reason) end it, failed calls are ignored, one call at a time.
 */
import { useEffect, useRef } from 'react';
import { PAYMENT_POLL_INTERVAL_MS } from '@app/shared';
import { checkCardPayment, checkMobilePayment, statusOf } from '../../api/usePayments';
import { failureReason, pollStep, type PaymentKind } from './paymentRules';

export interface TrackedPayment {
  kind: PaymentKind;
  /** The card's payment id, or the mobile-money token. */
  id: string;
}

interface PaymentFailure {
  reason: string;
  amount: number | null;
}

/** What a success credited: the pack's coins, its bonus, and the balance they made. */
export interface PaymentCredit {
  coins: number;
  bonus: number;
  balance: number;
}

export interface PollHandlers {
  /** `credit`: from the status answer (null if it named none). */
  onSuccess: (credit: PaymentCredit | null) => void;
  /** `reason`: why, in French; `amount`: the order's price when the answer names it. */
  onFailed: (failure: PaymentFailure) => void;
  onStop: () => void;
}

export function usePaymentPolling(tracked: TrackedPayment | null, handlers: PollHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const kind = tracked?.kind;
  const id = tracked?.id;

  useEffect(() => {
    if (!kind || !id) return;
    let active = true;
    let inFlight = false;
    const timer = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      void (kind === 'card' ? checkCardPayment(id) : checkMobilePayment(id))
        .then((res) => {
          if (!active) return;
          const step = pollStep(kind, statusOf(res));
          if (step === 'continue') return;
          active = false;
          clearInterval(timer);
          if (step === 'success') latest.current.onSuccess(res.data ?? null);
          else if (step === 'failed')
            latest.current.onFailed({
              reason: failureReason(res),
              amount: res.data?.amount ?? null,
            });
          else latest.current.onStop();
        })
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    }, PAYMENT_POLL_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [kind, id]);
}
