/**
 * Paiements (admins): orders by status and provider, newest first, each re-checkable with its
 * provider (a pending order that was paid is credited once), and the ledger audit. An order
 * still unsettled 15 minutes after it was made is "raised" (its own filter and badge), and
 * every order shows the provider's last answer, so staff can tell a debited member from a
 * payment that never happened.
 */
import { useState } from 'react';
import { formatFcfa, MSG } from '@app/shared';
import { firstError } from '../../api/client';
import { useAdminAction } from '../../api/useAdmin';
import { adminActions } from '../../api/adminActions';
import { useAdminPayments, type TAdminOrder } from '../../api/useAdminLists';
import { toast } from '../../ui/toast';
import { LedgerAudit } from './LedgerAudit';
import { Badge, CardList, MemberLink, StatusSelect } from './parts';
import { formatDateTime } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { describeAnswer } from './answer';
import { labelOf, METHOD_LABELS, ORDER_STATUS_LABELS, PROVIDER_LABELS } from './labels';

const STATUS_FILTER = {
  '': ADMIN_TEXT.all,
  ...ORDER_STATUS_LABELS,
  raised: ADMIN_TEXT.raisedFilter,
};
const PROVIDER_FILTER = { '': ADMIN_TEXT.all, ...PROVIDER_LABELS };
const TONES: Record<string, 'ok' | 'warn' | 'err'> = {
  success: 'ok',
  pending: 'warn',
  failed: 'err',
};

export default function PaymentsSection() {
  const { values, page, set, setPage } = useListParams({ status: '', provider: '' });
  const query = useAdminPayments(values, page);
  const action = useAdminAction();
  const [checking, setChecking] = useState<number | null>(null);

  async function handleRecheck(order: TAdminOrder) {
    setChecking(order.id);
    let after: string | undefined;
    const res = await action.mutateAsync(async () => {
      const answer = await adminActions.payments.recheck({ id: order.id });
      after = answer.data?.status;
      return answer;
    });
    setChecking(null);
    if (!res.success) return toast.error(firstError(res) || MSG.requestError);
    const status = after ? ` (${labelOf(ORDER_STATUS_LABELS, after)})` : '';
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
  // Raised stays on a settled order as history; the badge is for those still waiting.
  const raised = o.status === 'pending' && !!o.raised_at;
  return (
    <li className="adm-card card">
      <div className="adm-card-head">
        <strong>
          {ADMIN_TEXT.order} #{o.id}
        </strong>
        <span className="muted adm-break">{o.payment_id}</span>
        <Badge tone={TONES[o.status] ?? 'neutral'}>{labelOf(ORDER_STATUS_LABELS, o.status)}</Badge>
        {raised && <Badge tone="err">{ADMIN_TEXT.raised}</Badge>}
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
      {raised && o.raised_at && (
        <p className="field-error">{ADMIN_TEXT.raisedSince(formatDateTime(o.raised_at))}</p>
      )}
      <p className="adm-meta">
        {ADMIN_TEXT.lastAnswer}
        {o.last_answer_at && ` (${formatDateTime(o.last_answer_at)})`} —{' '}
        {describeAnswer(o.last_answer)}
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
