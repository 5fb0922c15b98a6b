/**
 * /support (spec 2 "Support"): the create-ticket form and 'Mes tickets', toggled by the
 * header button and by 'Voir mes tickets'.
 */
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { TicketForm } from './TicketForm';
import { TicketList } from './TicketList';
import { SUPPORT_TEXT } from './texts';
import './support.css';

export default function SupportPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<'form' | 'tickets'>('form');
  const toggle = () => setView((v) => (v === 'form' ? 'tickets' : 'form'));
  return (
    <section className="support-page">
      <header className="account-header">
        <button
          type="button"
          className="icon-btn"
          aria-label={SUPPORT_TEXT.back}
          onClick={() => navigate(-1)}
        >
          <ArrowLeft />
        </button>
        <h1>{SUPPORT_TEXT.title}</h1>
        <button type="button" className="btn-link support-toggle" onClick={toggle}>
          {view === 'form' ? SUPPORT_TEXT.myTickets : SUPPORT_TEXT.newTicket}
        </button>
      </header>
      {view === 'form' ? (
        <>
          <TicketForm onCreated={() => setView('tickets')} />
          <button
            type="button"
            className="btn btn-ghost btn-block support-see"
            onClick={() => setView('tickets')}
          >
            {SUPPORT_TEXT.seeTickets}
          </button>
        </>
      ) : (
        <TicketList onCreate={() => setView('form')} />
      )}
    </section>
  );
}
