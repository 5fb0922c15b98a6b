/**
 * Report the other member (beyond the spec): a reason from GET /report-reasons, optional
 * details; the last messages are attached by the server. Loaded when opened; a failed load
 * shows 'Erreur de chargement' with 'Réessayer' (spec 2's load error panel). Every report here is
 * about a chat, so the sheet says, above its button, that it goes to the moderation team; a
 * report for scam also quiets that chat's scam warnings (no second « Signaler »).
 */
import { useState } from 'react';
import { useReportMember, useReportReasons } from '../../api/useChatActions';
import { toast } from '../../ui/toast';
import { CHAT_MSG, SCAM_TEXT } from '@app/shared';
import { Sheet, useClosing } from '../../ui/Sheet';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { reportedChats } from './scamMemory';

const DETAILS_MAX = 1000;

export default function ReportSheet({
  chatId,
  userId,
  onClosed,
}: {
  chatId: number;
  userId: number;
  onClosed: () => void;
}) {
  const reasons = useReportReasons(true);
  const report = useReportMember(chatId);
  const { closing, close } = useClosing(onClosed);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    if (!reason) return setError(CHAT_TEXT.reasonRequired);
    setError(null);
    report.mutate(
      { userId, reason, details },
      {
        onSuccess: (res) => {
          // Reported for scam already: the chat's scam warnings no longer offer « Signaler ».
          if (reason === 'scam') reportedChats.add(chatId);
          toast.success(res.message || CHAT_MSG.reportDone);
          close();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Sheet label={CHAT_TEXT.reportTitle} closing={closing} onClose={close}>
      <h2 className="chat-sheet-title">{CHAT_TEXT.reportTitle}</h2>
      <p className="muted chat-sheet-detail">{CHAT_TEXT.reportLead}</p>
      {reasons.isPending ? (
        <div className="chat-center-row">
          <span className="spinner chat-spin-sm" aria-hidden />
        </div>
      ) : reasons.isError ? (
        <div className="chat-center-row" role="alert">
          <p>{CHAT_TEXT.loadError}</p>
          <button type="button" className="btn btn-primary" onClick={() => void reasons.refetch()}>
            {CHAT_TEXT.retry}
          </button>
        </div>
      ) : (
        <fieldset className="report-reasons">
          {(reasons.data ?? []).map((r) => (
            <label
              key={r.id}
              className={reason === r.id ? 'report-reason checked' : 'report-reason'}
            >
              <input
                type="radio"
                name="reason"
                value={r.id}
                checked={reason === r.id}
                onChange={() => setReason(r.id)}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
      )}
      <label className="field">
        <span>{CHAT_TEXT.reportDetails}</span>
        <textarea
          rows={3}
          maxLength={DETAILS_MAX}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted report-notice">{SCAM_TEXT.notice}</p>
      <div className="chat-sheet-actions">
        <button
          type="button"
          className="btn chat-btn-danger btn-block"
          disabled={report.isPending}
          onClick={handleSubmit}
        >
          {report.isPending ? CHAT_TEXT.sending : CHAT_TEXT.reportSend}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={close}>
          {CHAT_TEXT.cancel}
        </button>
      </div>
    </Sheet>
  );
}
