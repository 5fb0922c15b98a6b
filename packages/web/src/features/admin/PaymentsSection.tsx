/**
 * Paiements (admins): orders by status and provider, newest first, each re-checkable with its
 * provider (a pending order that was paid is credited once), and the ledger audit.
 */
import { useState } from 'react';
import { formatFcfa, MSG } from '@app/shared';
import { firstError } from '../../api/client';
import { useAdminAction } from '../../api/useAdmin';
import { useAdminList, type TAdminOrder } from '../../api/useAdminLists';
import { toast } from '../../components/toast';
import { LedgerAudit } from './LedgerAudit';
import { Badge, CardList, MemberLink, StatusSelect } from './parts';
import { formatDateTime } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { labelOf, METHOD_LABELS, ORDER_STATUS_LABELS, PROVIDER_LABELS } from './labels';

const STATUS_FILTER = { '': ADMIN_TEXT.all, ...ORDER_STATUS_LABELS };
const PROVIDER_FILTER = { '': ADMIN_TEXT.all, ...PROVIDER_LABELS };
const TONES: Record<string, 'ok' | 'warn' | 'err'> = {
  success: 'ok',
  pending: 'warn',
  failed: 'err',
};

export default function PaymentsSection() {
  const { values, page, set, setPage } = useListParams({ status: '', provider: '' });
  const query = useAdminList('/admin/payments', { ...values, page });
  const action = useAdminAction();
  const [checking, setChecking] = useState<number | null>(null);

  async function handleRecheck(order: TAdminOrder) {
    setChecking(order.id);
    const res = await action.mutateAsync({ path: `/admin/payments/${order.id}/recheck` });
    setChecking(null);
    if (!res.success) return toast.error(firstError(res) || MSG.requestError);
    const data = res.data;
    const status =
      typeof data === 'object' &&
      data !== null &&
      'status' in data &&
      typeof data.status === 'string'
        ? ` (${labelOf(ORDER_STATUS_LABELS, data.status)})`
        : '';
    toast.success(`${res.message}${status}`);
  }

  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.payments}</h1>
      <div className="adm-toolbar">
        <StatusSelect
          value={values.status}
          options={STATUS_FILTER}
          onChange={(status) => set({ status })}
        />
        <StatusSelect
          label={ADMIN_TEXT.provider}
          value={values.provider}
          options={PROVIDER_FILTER}
          onChange={(provider) => set({ provider })}
        />
      </div>
      <CardList
        query={query}
        page={page}
        onPage={setPage}
        empty={ADMIN_TEXT.paymentsEmpty}
        render={(o) => (
          <OrderCard
            order={o}
            checking={checking === o.id}
            busy={checking !== null}
            onRecheck={() => void handleRecheck(o)}
          />
        )}
      />
      <LedgerAudit />
    </div>
  );
}

function OrderCard({
  order: o,
  checking,
  busy,
  onRecheck,
}: {
  order: TAdminOrder;
  checking: boolean;
  busy: boolean;
  onRecheck: () => void;
}) {
  return (
    <li className="adm-card card">
      <div className="adm-card-head">
        <strong>
          {ADMIN_TEXT.order} #{o.id}
        </strong>
        <span className="muted adm-break">{o.payment_id}</span>
        <Badge tone={TONES[o.status] ?? 'neutral'}>{labelOf(ORDER_STATUS_LABELS, o.status)}</Badge>
        <strong className="adm-push">{formatFcfa(o.amount)}</strong>
      </div>
      <p className="adm-meta">
        <MemberLink id={o.user_id} name={o.user_name} /> ·{' '}
        {ADMIN_TEXT.coinsWithBonus(o.coins, o.bonus)} · {labelOf(PROVIDER_LABELS, o.provider)} (
        {labelOf(METHOD_LABELS, o.method)})
      </p>
      <p className="muted adm-meta">
        {formatDateTime(o.created_at)}
        {o.completed_at && ` → ${formatDateTime(o.completed_at)}`} ·{' '}
        {ADMIN_TEXT.attempts(o.check_attempts)}
        {o.provider_ref && ` · ${ADMIN_TEXT.providerRef} ${o.provider_ref}`}
      </p>
      {o.failure_reason && (
        <p className="field-error">
          {ADMIN_TEXT.failure} : {o.failure_reason}
        </p>
      )}
      <div className="adm-actions">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onRecheck}>
          {checking ? ADMIN_TEXT.rechecking : ADMIN_TEXT.recheck}
        </button>
      </div>
    </li>
  );
}
