/**
 * /buy-coins (spec 2 "Buy coins", §4): the six packs, the fixed 'Acheter maintenant', the
 * payment modal (the region only chooses which of mobile money and card comes first; each offers
 * the other), and the status overlay polled every 5 s, which keeps a failure on screen with its
 * reason, the order number and 'Réessayer'. Coming back from the card provider (?payment_id=)
 * resumes the polling; coming back is never taken as a payment.
 */
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CARD_REDIRECT_DELAY_MS,
  randomPaymentId,
  type TCoinPack,
  type TMobileMoneyMethod,
} from '@app/shared';
import { useProfile } from '../../api/useProfile';
import { ensurePaymentRegion, initCardPayment, usePaymentRegion } from '../../api/usePayments';
import { toast } from '../../ui/toast';
import { CardModal } from './CardModal';
import { CoinsHeader } from './CoinsParts';
import { MobileMoneyModal } from './MobileMoneyModal';
import { PackGrid } from './PackGrid';
import { PaymentFailed } from './PaymentFailed';
import { PaymentOverlay } from './PaymentOverlay';
import { cardInitError, checkingText } from './paymentRules';
import { usePaymentOverlay } from './usePaymentOverlay';
import type { TrackedPayment } from './usePaymentPolling';
import { COINS_TEXT } from './texts';
import './coins.css';

type Dialog = { kind: 'card' } | { kind: 'mobile'; method: TMobileMoneyMethod };

export default function BuyCoinsPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const profile = useProfile();
  usePaymentRegion();
  const [pack, setPack] = useState<TCoinPack | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const { overlay, start, close } = usePaymentOverlay();

  async function handleBuy() {
    if (!pack) return toast.warning(COINS_TEXT.chooseOffer);
    if (busy) return;
    setBusy(true);
    const region = await ensurePaymentRegion(client);
    setBusy(false);
    openDialog(region === 'burkina' ? 'orange' : 'card');
  }

  /** The card dialog, or the mobile-money one with `kind` as its operator. */
  function openDialog(kind: TrackedPayment['kind']) {
    setCardError(null);
    setDialog(kind === 'card' ? { kind } : { kind: 'mobile', method: kind });
  }

  /** 'Réessayer': the same pack, the same way to pay, from the start. */
  function handleRetry() {
    if (!overlay) return;
    const again = overlay.pack ?? pack;
    close();
    if (!again) return;
    setPack(again);
    openDialog(overlay.tracked.kind);
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
    start({ kind: 'card', id: paymentId }, pack);
    setTimeout(() => window.location.assign(url), CARD_REDIRECT_DELAY_MS);
  }

  function handleMobileStarted(method: TMobileMoneyMethod, token: string) {
    setDialog(null);
    start({ kind: method, id: token }, pack);
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

      {pack && dialog?.kind === 'mobile' && (
        <MobileMoneyModal
          pack={pack}
          busy={busy}
          initialMethod={dialog.method}
          onBusy={setBusy}
          onClose={() => setDialog(null)}
          onStarted={handleMobileStarted}
          onCard={() => openDialog('card')}
        />
      )}
      {pack && dialog?.kind === 'card' && (
        <CardModal
          pack={pack}
          busy={busy}
          error={cardError}
          onConfirm={() => void handleCardConfirm()}
          onClose={() => setDialog(null)}
          onMobileMoney={() => openDialog('orange')}
        />
      )}
      {overlay && (
        <PaymentOverlay
          phase={overlay.phase}
          text={checkingText(overlay.tracked.kind)}
          credit={overlay.credit}
          onHome={() => navigate('/home')}
          failed={
            <PaymentFailed
              reason={overlay.reason ?? COINS_TEXT.failedReasonGeneric}
              orderId={overlay.tracked.id}
              onRetry={handleRetry}
              onBack={close}
            />
          }
        />
      )}
    </section>
  );
}
