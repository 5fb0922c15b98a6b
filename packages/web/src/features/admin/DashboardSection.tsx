/**
 * Tableau de bord: the pending count of each queue (linking to it) and the last 30 days as
 * charts: new members, active members, messages, matches, and revenue per day stacked by
 * provider (dated by the payment's completion), with each provider's total in the legend.
 */
import { Link } from '../../lib/router';
import { formatFcfa } from '@app/shared';
import { useAdminDashboard } from '../../api/useAdmin';
import { useIsAdmin } from '../../api/useAdminLists';
import { providerStacks } from './chart';
import { DayChart } from './DayChart';
import { ErrorBox, Loading } from './parts';
import { formatNumber } from './format';
import { ADMIN_TEXT } from './texts';

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
        <QueueCard label={ADMIN_TEXT.heldScams} n={pending.scams} to="/admin/arnaques" />
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
        <DayChart
          title={ADMIN_TEXT.revenue}
          series={series.revenue_fcfa}
          stacks={providerStacks(q.data.revenue_by_provider)}
          format={formatFcfa}
        />
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
