/** A member's records on the detail page: coin movements, orders, reports received and made. */
import { formatFcfa } from '@app/shared';
import type { TAdminMember, TMemberReport } from '../../api/useAdminMember';
import { Badge, MemberLink } from './parts';
import { formatDateTime, formatNumber, formatSigned } from './format';
import { ADMIN_TEXT } from './texts';
import {
  COIN_REASON_LABELS,
  labelOf,
  ORDER_STATUS_LABELS,
  PROVIDER_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
} from './labels';

export function CoinMovements({ member }: { member: TAdminMember }) {
  return (
    <section className="card adm-block">
      <h2>{ADMIN_TEXT.coinMovements}</h2>
      {member.coin_movements.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noMovements}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{ADMIN_TEXT.date}</th>
                <th>{ADMIN_TEXT.reason}</th>
                <th className="adm-num">{ADMIN_TEXT.amount}</th>
                <th className="adm-num">{ADMIN_TEXT.balanceAfter}</th>
              </tr>
            </thead>
            <tbody>
              {member.coin_movements.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.created_at)}</td>
                  <td>
                    {labelOf(COIN_REASON_LABELS, c.reason)}
                    {typeof c.meta?.reason === 'string' && (
                      <span className="muted"> — {c.meta.reason}</span>
                    )}
                  </td>
                  <td className={`adm-num ${c.amount < 0 ? 'adm-neg' : 'adm-pos'}`}>
                    {formatSigned(c.amount)}
                  </td>
                  <td className="adm-num">{formatNumber(c.balance_after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function MemberOrders({ member }: { member: TAdminMember }) {
  return (
    <section className="card adm-block">
      <h2>{ADMIN_TEXT.orders}</h2>
      {member.orders.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noOrders}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{ADMIN_TEXT.order}</th>
                <th>{ADMIN_TEXT.date}</th>
                <th>{ADMIN_TEXT.provider}</th>
                <th className="adm-num">{ADMIN_TEXT.amount}</th>
                <th>{ADMIN_TEXT.filterStatus}</th>
              </tr>
            </thead>
            <tbody>
              {member.orders.map((o) => (
                <tr key={o.id}>
                  <td>#{o.id}</td>
                  <td>{formatDateTime(o.created_at)}</td>
                  <td>{labelOf(PROVIDER_LABELS, o.provider)}</td>
                  <td className="adm-num">{formatFcfa(o.amount)}</td>
                  <td>{labelOf(ORDER_STATUS_LABELS, o.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function MemberReports({
  title,
  reports,
  otherSide,
}: {
  title: string;
  reports: TMemberReport[];
  otherSide: 'reporter_id' | 'reported_id';
}) {
  return (
    <section className="card adm-block">
      <h2>
        {title} ({reports.length})
      </h2>
      {reports.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noReports}</p>
      ) : (
        <ul className="adm-list">
          {reports.map((r) => (
            <li key={r.id}>
              <Badge tone="err">{labelOf(REPORT_REASON_LABELS, r.reason)}</Badge>{' '}
              <Badge>{labelOf(REPORT_STATUS_LABELS, r.status)}</Badge>{' '}
              <MemberLink id={r[otherSide]} /> ·{' '}
              <span className="muted">{formatDateTime(r.created_at)}</span>
              {r.details && <p className="adm-quote">{r.details}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
