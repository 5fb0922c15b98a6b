/**
 * The status overlay's state on /buy-coins (spec 2 §4): opened by a started payment or by the
 * way back from the card provider (?payment_id=), polled while pending, then the success, or
 * the failure with its French reason and the pack (for 'Réessayer'), until the member closes it.
 */
import { useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { PAYMENT_ID_LENGTH, findPackByPrice, type TCoinPack } from '@app/shared';
import { useRefreshAfterPurchase } from '../../api/usePayments';
import type { OverlayPhase } from './PaymentOverlay';
import { usePaymentPolling, type PaymentCredit, type TrackedPayment } from './usePaymentPolling';

interface Overlay {
  tracked: TrackedPayment;
  phase: OverlayPhase;
  /** What the success credited (coins, bonus, new balance); before it, the pack's figures. */
  credit: PaymentCredit | null;
  /** The pack paid for, for 'Réessayer' (from the order's amount when coming back). */
  pack: TCoinPack | null;
  /** Why it failed, in French (the failed phase). */
  reason?: string;
}

const returningPayment = (id: string | null): Overlay | null =>
  id && new RegExp(`^\\d{${PAYMENT_ID_LENGTH}}$`).test(id)
    ? { tracked: { kind: 'card', id }, phase: 'pending', credit: null, pack: null }
    : null;

const packOfAmount = (amount: number | null) =>
  amount === null ? null : (findPackByPrice(amount) ?? null);

export function usePaymentOverlay() {
  const [params, setParams] = useSearchParams();
  const refreshAfterPurchase = useRefreshAfterPurchase();
  const [overlay, setOverlay] = useState<Overlay | null>(() =>
    returningPayment(params.get('payment_id')),
  );

  const forgetReturn = () => {
    if (params.has('payment_id')) setParams({}, { replace: true });
  };

  usePaymentPolling(overlay?.phase === 'pending' ? overlay.tracked : null, {
    onSuccess(credit) {
      setOverlay((o) => (o ? { ...o, phase: 'success', credit: credit ?? o.credit } : o));
      refreshAfterPurchase();
      forgetReturn();
    },
    onFailed({ reason, amount }) {
      setOverlay((o) =>
        o ? { ...o, phase: 'failed', reason, pack: o.pack ?? packOfAmount(amount) } : o,
      );
      refreshAfterPurchase();
      forgetReturn();
    },
    onStop() {
      setOverlay(null);
      forgetReturn();
    },
  });

  return {
    overlay,
    start: (tracked: TrackedPayment, pack: TCoinPack | null) =>
      setOverlay({ tracked, phase: 'pending', credit: null, pack }),
    close: () => setOverlay(null),
  };
}
