/**
 * One ticket: the member's text, the reply already sent, the status move (only the moves the
 * shared TICKET_FLOW allows, the rule the server applies too; closing, which is final, asks
 * first) and the reply, which the server e-mails and shows in the member's 'Mes tickets'.
 */
import { useState, type FormEvent } from 'react';
import { canMoveTicket, MSG, ticketMovesFrom, type TSupportStatus } from '@app/shared';
import { adminActions } from '../../api/adminActions';
import { firstError } from '../../api/client';
import { useAdminAction } from '../../api/useAdmin';
import type { TAdminTicket } from '../../api/useAdminLists';
import { toast } from '../../ui/toast';
import { useActionDialog } from './ActionDialog';
import { Badge, Facts, MemberLink } from './parts';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';
import { labelOf, TICKET_REASON_LABELS, TICKET_STATUS_LABELS } from './labels';

export function TicketDetail({
  ticket: t,
  onClose,
}: {
  ticket: TAdminTicket;
  onClose: () => void;
}) {
  const action = useAdminAction();
  const dialog = useActionDialog();
  const moves = ticketMovesFrom(t.status);
  const [picked, setStatus] = useState('');
  // After a move the old choice may no longer be allowed: fall back to the first allowed move.
  const status = moves.find((s) => s === picked) ?? moves[0] ?? '';
  const [reply, setReply] = useState('');
  const [resolve, setResolve] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = (input: { status?: TSupportStatus; reply?: string }) =>
    adminActions.tickets.update({ id: t.id, ...input });

  async function send(input: { status?: TSupportStatus; reply?: string }) {
    setError(null);
    const res = await action.mutateAsync(() => update(input));
    if (!res.success) {
      setError(firstError(res) || MSG.requestError);
      return false;
    }
    toast.success(res.message);
    return true;
  }

  function handleStatus(e: FormEvent) {
    e.preventDefault();
    if (!status || action.isPending) return;
    if (status === 'closed') {
      dialog.open({
        title: ADMIN_TEXT.closeTitle,
        text: ADMIN_TEXT.closeText,
        confirmLabel: labelOf(TICKET_STATUS_LABELS, 'closed'),
        danger: true,
        withReason: false,
        send: () => update({ status }),
      });
      return;
    }
    void send({ status });
  }

  async function handleReply(e: FormEvent) {
    e.preventDefault();
    if (!reply.trim() || action.isPending) return;
    const andResolve = resolve && canMoveTicket(t.status, 'resolved');
    const sent = await send({ reply: reply.trim(), ...(andResolve ? { status: 'resolved' } : {}) });
    if (sent) setReply('');
  }

  return (
    <article className="card adm-ticket" aria-labelledby={`adm-ticket-${t.id}`}>
      <div className="adm-card-head">
        <h2 id={`adm-ticket-${t.id}`}>{ADMIN_TEXT.ticketN(t.id)}</h2>
        <Badge tone={t.status === 'pending' ? 'warn' : 'neutral'}>
          {labelOf(TICKET_STATUS_LABELS, t.status)}
        </Badge>
        <button type="button" className="btn-link adm-push" onClick={onClose}>
          {ADMIN_TEXT.closeDetail}
        </button>
      </div>
      <Facts
        rows={[
          [ADMIN_TEXT.reason, labelOf(TICKET_REASON_LABELS, t.reason)],
          [
            ADMIN_TEXT.ticketMember,
            <>
              <MemberLink id={t.user_id} name={t.user_name} />{' '}
              <span className="muted adm-break">{t.user_email}</span>
            </>,
          ],
          [ADMIN_TEXT.createdAt, formatDateTime(t.created_at)],
          [ADMIN_TEXT.updatedAt, formatDateTime(t.updated_at)],
        ]}
      />
      <p className="adm-label">{ADMIN_TEXT.description}</p>
      <p className="adm-quote">{t.description}</p>
      {t.reply && (
        <>
          <p className="adm-label">
            {ADMIN_TEXT.currentReply} · {ADMIN_TEXT.repliedAt} {formatDateTime(t.replied_at)}
          </p>
          <p className="adm-quote adm-reply">{t.reply}</p>
        </>
      )}
      <div role="alert">{error && <p className="field-error">{error}</p>}</div>
      {moves.length > 0 && (
        <form className="adm-inline-form" onSubmit={handleStatus}>
          <label className="adm-filter">
            <span>{ADMIN_TEXT.newStatus}</span>
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              {moves.map((s) => (
                <option key={s} value={s}>
                  {labelOf(TICKET_STATUS_LABELS, s)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-ghost" disabled={action.isPending}>
            {ADMIN_TEXT.moveStatus}
          </button>
        </form>
      )}
      <form className="adm-reply-form" onSubmit={(e) => void handleReply(e)}>
        <div className="field">
          <label htmlFor={`adm-reply-${t.id}`}>{ADMIN_TEXT.replyLabel}</label>
          <textarea
            id={`adm-reply-${t.id}`}
            rows={5}
            maxLength={5000}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
        </div>
        {canMoveTicket(t.status, 'resolved') && (
          <label className="adm-check">
            <input
              type="checkbox"
              checked={resolve}
              onChange={(e) => setResolve(e.target.checked)}
            />
            {ADMIN_TEXT.replyAndResolve}
          </label>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!reply.trim() || action.isPending}
        >
          {action.isPending ? ADMIN_TEXT.sending : ADMIN_TEXT.sendReply}
        </button>
      </form>
      {dialog.element}
    </article>
  );
}
