/**
 * Tableau de bord: the pending count of each queue (linking to it) and the last 30 days as
 * charts: new members, active members, messages, matches, revenue per day and per provider.
 */
import { Link } from 'react-router';
import { formatFcfa } from '@app/shared';
import { useAdminDashboard, useIsAdmin, type TAdminDashboard } from '../../api/useAdmin';
import { DayChart } from './DayChart';
import { ErrorBox, Loading } from './parts';
import { formatNumber } from './format';
import { ADMIN_TEXT, labelOf, PROVIDER_LABELS } from './texts';

export default function DashboardSection() {
  const q = useAdminDashboard();
  const isAdmin = useIsAdmin(true) === true;
  if (q.isPending) return <Loading />;
  if (!q.data)
    return <ErrorBox message={q.error?.message ?? ''} onRetry={() => void q.refetch()} />;
  const { series, pending } = q.data;
  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.dashboard}</h1>
      <h2>{ADMIN_TEXT.queues}</h2>
      <ul className="adm-queues">
        <QueueCard label={ADMIN_TEXT.pendingStories} n={pending.stories} to="/admin/histoires" />
        <QueueCard label={ADMIN_TEXT.openReports} n={pending.reports} to="/admin/signalements" />
        <QueueCard label={ADMIN_TEXT.openTickets} n={pending.tickets} to="/admin/tickets" />
        <QueueCard
          label={ADMIN_TEXT.pendingPayments}
          n={pending.payments}
          to={isAdmin ? '/admin/paiements?status=pending' : null}
        />
      </ul>
      <h2>{ADMIN_TEXT.last30}</h2>
      <div className="adm-charts">
        <DayChart title={ADMIN_TEXT.newMembers} series={series.new_members} />
        <DayChart title={ADMIN_TEXT.activeMembers} series={series.active_members} kind="line" />
        <DayChart title={ADMIN_TEXT.messages} series={series.messages} />
        <DayChart title={ADMIN_TEXT.matches} series={series.matches} />
        <DayChart title={ADMIN_TEXT.revenue} series={series.revenue_fcfa} format={formatFcfa} />
        <ProviderRevenue rows={q.data.revenue_by_provider} />
      </div>
    </div>
  );
}

function QueueCard({ label, n, to }: { label: string; n: number; to: string | null }) {
  const body = (
    <>
      <strong className={n > 0 ? 'adm-queue-n adm-queue-busy' : 'adm-queue-n'}>
        {formatNumber(n)}
      </strong>
      <span>{label}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link className="adm-queue card" to={to}>
          {body}
        </Link>
      ) : (
        <div className="adm-queue card">{body}</div>
      )}
    </li>
  );
}

function ProviderRevenue({ rows }: { rows: TAdminDashboard['revenue_by_provider'] }) {
  const max = Math.max(1, ...rows.map((r) => r.amount));
  return (
    <section className="adm-chart card" aria-labelledby="adm-providers">
      <h3 id="adm-providers">{ADMIN_TEXT.revenueByProvider}</h3>
      {rows.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noRevenue}</p>
      ) : (
        <ul className="adm-providers">
          {rows.map((r) => (
            <li key={r.provider}>
              <div className="adm-provider-head">
                <span>{labelOf(PROVIDER_LABELS, r.provider)}</span>
                <strong>{formatFcfa(r.amount)}</strong>
              </div>
              <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden>
                <rect className="adm-provider-track" width="100" height="6" rx="3" />
                <rect className="adm-chart-bar" width={(r.amount / max) * 100} height="6" rx="3" />
              </svg>
              <span className="muted">{ADMIN_TEXT.ordersCount(r.orders)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
