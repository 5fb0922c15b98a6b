/**
 * Tickets: the support tickets by status (newest first) and, beside the list on a wide screen
 * or instead of it on a phone, the chosen ticket's detail: status moves and the reply.
 */
import { useAdminTickets } from '../../api/useAdminLists';
import { TicketDetail } from './TicketDetail';
import { Badge, Paged, StatusSelect } from './parts';
import { formatDateTime } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { labelOf, TICKET_REASON_LABELS, TICKET_STATUS_LABELS } from './labels';

const FILTERS = { '': ADMIN_TEXT.all, ...TICKET_STATUS_LABELS };

export default function TicketsSection() {
  const { values, page, set, setPage } = useListParams({ status: '', id: '' });
  const query = useAdminTickets(values.status, page);
  const selected = query.data?.items.find((t) => String(t.id) === values.id);
  const select = (id: string) => set({ id }, { keepPage: true });
  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.tickets}</h1>
      <div className="adm-toolbar">
        <StatusSelect
          value={values.status}
          options={FILTERS}
          onChange={(status) => set({ status, id: '' })}
        />
      </div>
      <div className={`adm-master ${selected ? 'adm-has-detail' : ''}`}>
        <div className="adm-master-list">
          <Paged query={query} page={page} onPage={setPage} empty={ADMIN_TEXT.ticketsEmpty}>
            {(items) => (
              <ul className="adm-rows">
                {items.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      className="adm-row"
                      aria-current={t.id === selected?.id ? 'true' : undefined}
                      onClick={() => select(String(t.id))}
                    >
                      <span className="adm-row-main">
                        <strong>
                          {ADMIN_TEXT.ticketN(t.id)} · {labelOf(TICKET_REASON_LABELS, t.reason)}
                        </strong>
                        <span className="muted">
                          {t.user_name || t.user_email} · {formatDateTime(t.created_at)}
                        </span>
                      </span>
                      <span className="adm-row-side">
                        <Badge tone={t.status === 'pending' ? 'warn' : 'neutral'}>
                          {labelOf(TICKET_STATUS_LABELS, t.status)}
                        </Badge>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Paged>
        </div>
        <div className="adm-master-detail">
          {selected ? (
            <TicketDetail key={selected.id} ticket={selected} onClose={() => select('')} />
          ) : (
            <p className="adm-empty">{ADMIN_TEXT.selectTicket}</p>
          )}
        </div>
      </div>
    </div>
  );
}
