/**
 * /buying (spec 2 "Purchase history", §8): the member's purchases newest first, each with
 * 'Achat #id', its status badge, Montant in FCFA, Pièces and Date; skeleton, error with
 * retry, and the empty state leading to /buy-coins.
 */
import { Receipt } from 'lucide-react';
import { useNavigate } from '../../lib/router';
import { formatFcfa, type TPayment } from '@app/shared';
import { useMyPayments } from '../../api/usePayments';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { CoinsHeader } from './CoinsParts';
import { COINS_TEXT, formatPurchaseDate } from './texts';
import './coins.css';

function PurchaseCard({ payment }: { payment: TPayment }) {
  return (
    <li className="purchase" data-testid="purchase">
      <div className="purchase-head">
        <strong>{COINS_TEXT.purchase(payment.id)}</strong>
        <span className={`purchase-badge purchase-${payment.status}`}>
          {COINS_TEXT.statusLabels[payment.status]}
        </span>
      </div>
      <dl className="purchase-facts">
        <div>
          <dt>{COINS_TEXT.amount}</dt>
          <dd>{formatFcfa(payment.amount)}</dd>
        </div>
        <div>
          <dt>{COINS_TEXT.coinsLabel}</dt>
          <dd>{payment.coins}</dd>
        </div>
        <div>
          <dt>{COINS_TEXT.date}</dt>
          <dd>{formatPurchaseDate(payment.created_at)}</dd>
        </div>
      </dl>
    </li>
  );
}

function PurchasesSkeleton() {
  return (
    <ul className="purchases" aria-hidden>
      {[0, 1, 2].map((i) => (
        <li key={i} className="purchase purchase-skeleton">
          <div className="coins-sk coins-sk-w45" />
          <div className="coins-sk" />
          <div className="coins-sk coins-sk-w80" />
        </li>
      ))}
    </ul>
  );
}

export default function PurchasesPage() {
  const navigate = useNavigate();
  const list = useMyPayments();
  const payments = list.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (list.isPending) body = <PurchasesSkeleton />;
  else if (list.isError && payments.length === 0) {
    body = (
      <ErrorPanel
        message={list.error.message || COINS_TEXT.listFailed}
        onRetry={() => void list.refetch()}
        showBack={false}
      />
    );
  } else if (payments.length === 0) {
    body = (
      <div className="coins-empty">
        <div className="coins-empty-icon" aria-hidden>
          <Receipt />
        </div>
        <h2>{COINS_TEXT.emptyTitle}</h2>
        <p className="muted">{COINS_TEXT.emptyText}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/buy-coins')}>
          {COINS_TEXT.emptyAction}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="purchases">
          {payments.map((p) => (
            <PurchaseCard key={p.id} payment={p} />
          ))}
        </ul>
        {list.hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {COINS_TEXT.more}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="coins-page">
      <CoinsHeader title={COINS_TEXT.purchasesTitle} fallback="/profile" />
      <div className="coins-body">{body}</div>
    </section>
  );
}
