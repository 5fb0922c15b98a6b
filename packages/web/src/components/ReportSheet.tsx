/**
 * The one report sheet (issue 29), from a chat, a swipe card, the nearby map, a profile, an
 * announcement or a match: a reason from GET /report-reasons, optional details, and where the
 * report comes from, said above the button and sent with it. Links to « Sécurité ».
 */
import { useState } from 'react';
import { CHAT_MSG, REPORT_SOURCE_LABELS, SCAM_TEXT, type TReportSource } from '@app/shared';
import { useReportReasons } from '../api/useChatActions';
import { useReport } from '../api/useSafety';
import { CHAT_TEXT } from '../lib/chats/texts';
import { Sheet, SheetActions, useClosing } from '../ui/Sheet';
import { toast } from '../ui/toast';
import { SafetyLink } from './SafetyLink';

const DETAILS_MAX = 1000;
const FROM = (where: string) => `Signalement depuis ${where}.`;

export function ReportSheet({
  userId,
  source,
  chatId,
  announcementId,
  onReported,
  onClosed,
}: {
  userId: number;
  source: TReportSource;
  chatId?: number;
  announcementId?: number;
  onReported?: (reason: string) => void;
  onClosed: () => void;
}) {
  const reasons = useReportReasons(true);
  const report = useReport(onReported);
  const { closing, close } = useClosing(onClosed);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    if (!reason) return setError(CHAT_TEXT.reasonRequired);
    setError(null);
    report.mutate(
      { userId, reason, details, source, chatId, announcementId },
      {
        onSuccess: (res) => {
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
      <p className="muted chat-sheet-detail" data-testid="report-source">
        {FROM(REPORT_SOURCE_LABELS[source])}
        {chatId ? ` ${CHAT_TEXT.reportLead}` : ''}
      </p>
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
      <p className="report-safety">
        <SafetyLink />
      </p>
      <SheetActions
        action={report.isPending ? CHAT_TEXT.sending : CHAT_TEXT.reportSend}
        busy={report.isPending}
        onAction={handleSubmit}
        onCancel={close}
      />
    </Sheet>
  );
}
