/** The ledger audit: members whose balance is not the sum of their coin movements (admins). */
import { Check } from 'lucide-react';
import { useLedgerAudit } from '../../api/useAdmin';
import { ErrorBox, Loading, MemberLink } from './parts';
import { formatNumber } from './format';
import { ADMIN_TEXT } from './texts';

export function LedgerAudit() {
  const q = useLedgerAudit(true);
  return (
    <section className="card adm-block" aria-labelledby="adm-ledger">
      <h2 id="adm-ledger">{ADMIN_TEXT.ledgerAudit}</h2>
      <p className="muted">{ADMIN_TEXT.ledgerLead}</p>
      {q.isPending ? (
        <Loading />
      ) : !q.data ? (
        <ErrorBox message={q.error?.message ?? ''} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <p className="adm-ok" role="status">
          <Check /> {ADMIN_TEXT.ledgerOk}
        </p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th>{ADMIN_TEXT.ticketMember}</th>
                <th className="adm-num">{ADMIN_TEXT.balance}</th>
                <th className="adm-num">{ADMIN_TEXT.ledgerSum}</th>
                <th className="adm-num">{ADMIN_TEXT.lastBalanceAfter}</th>
                <th className="adm-num">{ADMIN_TEXT.movements}</th>
              </tr>
            </thead>
            <tbody>
              {q.data.map((m) => (
                <tr key={m.user_id}>
                  <td>
                    <MemberLink id={m.user_id} />
                  </td>
                  <td className="adm-num">{formatNumber(m.balance)}</td>
                  <td className="adm-num adm-neg">{formatNumber(m.ledger_sum)}</td>
                  <td className="adm-num">
                    {m.last_balance_after === null ? '—' : formatNumber(m.last_balance_after)}
                  </td>
                  <td className="adm-num">{formatNumber(m.movements)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
