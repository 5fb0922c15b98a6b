/**
 * 'Mes tickets' (spec 2 "Support"): 'Ticket #id', the reason, a status badge, the description,
 * 'Créé le' and, when it changed, 'Modifié le', with the support team's answer when there is
 * one. Empty: 'Aucun ticket' and 'Créer un ticket'. A load failure is only logged (spec 2 §8).
 */
import { Ticket } from 'lucide-react';
import { useEffect } from 'react';
import { SUPPORT_REASONS, SUPPORT_STATUSES, type TSupportTicket } from '@app/shared';
import { useMyTickets } from '../../api/useSupport';
import { frenchDateTime, SUPPORT_TEXT } from './texts';

export function TicketList({ onCreate }: { onCreate: () => void }) {
  const tickets = useMyTickets(true);
  const items = tickets.data?.pages.flatMap((p) => p.items) ?? [];

  useEffect(() => {
    if (tickets.error) console.warn('tickets non chargés', tickets.error);
  }, [tickets.error]);

  if (tickets.isPending) {
    return (
      <div className="support-list" aria-busy="true">
        <div className="sk support-ticket-skeleton" />
        <div className="sk support-ticket-skeleton" />
      </div>
    );
  }
  if (items.length === 0 && !tickets.isError) {
    return (
      <div className="support-empty">
        <div aria-hidden className="support-empty-icon">
          <Ticket />
        </div>
        <h2>{SUPPORT_TEXT.empty}</h2>
        <p className="muted">{SUPPORT_TEXT.emptyLead}</p>
        <button type="button" className="btn btn-primary" onClick={onCreate}>
          {SUPPORT_TEXT.create}
        </button>
      </div>
    );
  }
  return (
    <div className="support-list">
      {items.map((t) => (
        <TicketCard key={t.id} ticket={t} />
      ))}
      {tickets.isError && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void tickets.refetch()}
        >
          {SUPPORT_TEXT.retry}
        </button>
      )}
      {tickets.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void tickets.fetchNextPage()}
          disabled={tickets.isFetchingNextPage}
        >
          {tickets.isFetchingNextPage ? SUPPORT_TEXT.loadingMore : SUPPORT_TEXT.more}
        </button>
      )}
    </div>
  );
}

function TicketCard({ ticket }: { ticket: TSupportTicket }) {
  const reason =
    ticket.reason_label ||
    (SUPPORT_REASONS as Record<string, string>)[ticket.reason] ||
    ticket.reason;
  const status = SUPPORT_STATUSES[ticket.status] ?? ticket.status;
  const changed = ticket.updated_at !== ticket.created_at;
  return (
    <article className="support-ticket card">
      <header className="support-ticket-head">
        <h3>{SUPPORT_TEXT.ticket(ticket.id)}</h3>
        <span className={`support-badge support-badge-${ticket.status}`}>{status}</span>
      </header>
      <p className="support-ticket-reason">{reason}</p>
      <p className="support-ticket-description">{ticket.description}</p>
      {ticket.reply && (
        <div className="support-reply">
          <p className="support-reply-title">{SUPPORT_TEXT.reply}</p>
          <p>{ticket.reply}</p>
        </div>
      )}
      <p className="support-ticket-dates muted">
        <span>{SUPPORT_TEXT.createdOn(frenchDateTime(ticket.created_at))}</span>
        {changed && <span>{SUPPORT_TEXT.updatedOn(frenchDateTime(ticket.updated_at))}</span>}
      </p>
    </article>
  );
}
