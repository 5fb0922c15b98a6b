/**
 * /buy-coins (spec 2 "Buy coins", §4): the six packs, the fixed 'Acheter maintenant', the
 * Burkina (Orange / Moov) or international (card) modal chosen by region, and the status
 * overlay polled every 5 s. Coming back from the card provider (?payment_id=) resumes the
 * polling; coming back is never taken as a payment.
 */
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CARD_REDIRECT_DELAY_MS,
  PAYMENT_ID_LENGTH,
  randomPaymentId,
  type TCoinPack,
  type TMobileMoneyMethod,
} from '@app/shared';
import { useProfile } from '../../api/useProfile';
import {
  ensurePaymentRegion,
  initCardPayment,
  usePaymentRegion,
  useRefreshAfterPurchase,
} from '../../api/usePayments';
import { toast } from '../../ui/toast';
import { CardModal } from './CardModal';
import { CoinsHeader } from './CoinsParts';
import { MobileMoneyModal } from './MobileMoneyModal';
import { PackGrid } from './PackGrid';
import { PaymentOverlay } from './PaymentOverlay';
import { cardInitError, checkingText } from './paymentRules';
import { usePaymentPolling, type TrackedPayment } from './usePaymentPolling';
import { COINS_TEXT } from './texts';

interface Overlay {
  tracked: TrackedPayment;
  phase: 'pending' | 'success';
  coins: number;
}

const returningPayment = (id: string | null): Overlay | null =>
  id && new RegExp(`^\\d{${PAYMENT_ID_LENGTH}}$`).test(id)
    ? { tracked: { kind: 'card', id }, phase: 'pending', coins: 0 }
    : null;

export default function BuyCoinsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const profile = useProfile();
  usePaymentRegion();
  const refreshAfterPurchase = useRefreshAfterPurchase();
  const [pack, setPack] = useState<TCoinPack | null>(null);
  const [dialog, setDialog] = useState<'mobile' | 'card' | null>(null);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<Overlay | null>(() =>
    returningPayment(params.get('payment_id')),
  );

  const forgetReturn = () => {
    if (params.has('payment_id')) setParams({}, { replace: true });
  };

  usePaymentPolling(overlay?.phase === 'pending' ? overlay.tracked : null, {
    onSuccess(coins) {
      setOverlay((o) => (o ? { ...o, phase: 'success', coins: coins || o.coins } : o));
      refreshAfterPurchase();
      forgetReturn();
    },
    onFailed() {
      setOverlay(null);
      toast.error(COINS_TEXT.failedToast);
      refreshAfterPurchase();
      forgetReturn();
    },
    onStop() {
      setOverlay(null);
      forgetReturn();
    },
  });

  async function handleBuy() {
    if (!pack) return toast.warning(COINS_TEXT.chooseOffer);
    if (busy) return;
    setBusy(true);
    const region = await ensurePaymentRegion(client);
    setBusy(false);
    setCardError(null);
    setDialog(region === 'burkina' ? 'mobile' : 'card');
  }

  async function handleCardConfirm() {
    if (!pack || busy) return;
    setBusy(true);
    setCardError(null);
    const paymentId = randomPaymentId();
    const res = await initCardPayment({
      payment_id: paymentId,
      amount: pack.price,
      pack_id: pack.id,
    });
    const url = res.data?.payment_url;
    if (!res.success || !url) {
      setBusy(false);
      return setCardError(cardInitError(res));
    }
    setDialog(null);
    setOverlay({ tracked: { kind: 'card', id: paymentId }, phase: 'pending', coins: pack.coins });
    setTimeout(() => window.location.assign(url), CARD_REDIRECT_DELAY_MS);
  }

  function handleMobileStarted(method: TMobileMoneyMethod, token: string) {
    setDialog(null);
    setOverlay({ tracked: { kind: method, id: token }, phase: 'pending', coins: pack?.coins ?? 0 });
  }

  return (
    <section className="coins-page">
      <CoinsHeader
        title={COINS_TEXT.buyTitle}
        fallback="/home"
        action={
          <button
            type="button"
            className="coins-icon-btn"
            aria-label={COINS_TEXT.history}
            onClick={() => navigate('/buying')}
          >
            <Receipt />
          </button>
        }
      />

      <div className="coins-body">
        {profile.data && <p className="coins-balance">{COINS_TEXT.balance(profile.data.coins)}</p>}
        <p className="muted">{COINS_TEXT.buyLead}</p>
        <PackGrid selectedId={pack?.id ?? null} onSelect={setPack} />
      </div>

      {pack && (
        <div className="buy-bar">
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => void handleBuy()}
          >
            {busy ? COINS_TEXT.processing : COINS_TEXT.buyNow}
          </button>
        </div>
      )}

      {pack && dialog === 'mobile' && (
        <MobileMoneyModal
          pack={pack}
          busy={busy}
          onBusy={setBusy}
          onClose={() => setDialog(null)}
          onStarted={handleMobileStarted}
        />
      )}
      {pack && dialog === 'card' && (
        <CardModal
          pack={pack}
          busy={busy}
          error={cardError}
          onConfirm={() => void handleCardConfirm()}
          onClose={() => setDialog(null)}
        />
      )}
      {overlay && (
        <PaymentOverlay
          phase={overlay.phase}
          text={checkingText(overlay.tracked.kind)}
          coins={overlay.coins}
          onHome={() => navigate('/home')}
        />
      )}
    </section>
  );
}
