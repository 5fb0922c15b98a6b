/**
 * The scam shield's warning above a received message the server flagged (money or credit
 * asked, a phone number, a link... from a new contact). One tap on « Signaler » reports the
 * sender for 'scam' with this chat attached, and the banner thanks the member; « Ignorer »
 * hides it for good on this device. Once the chat is reported, from this device or another one
 * (the server says so), its warnings only warn.
 */
import { useId, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { SCAM_TEXT, type TChatMessage } from '@app/shared';
import { useReportMember } from '../../api/useChatActions';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { ignoredWarnings, reportedChats } from './scamMemory';

export function ScamWarning({
  message,
  reportedBefore = false,
}: {
  message: TChatMessage;
  /** The server says the member reported this chat already, perhaps from another device. */
  reportedBefore?: boolean;
}) {
  const { id, chat_id: chatId, sender_id: senderId } = message;
  const ignored = ignoredWarnings.useHas(id);
  const chatReported = reportedChats.useHas(chatId) || reportedBefore;
  const [thanked, setThanked] = useState(false);
  // Both at once (no frame without « Signaler » nor thanks); the list even if the banner is gone.
  const report = useReportMember(chatId, () => {
    reportedChats.add(chatId);
    setThanked(true);
  });
  const textId = useId();
  if (ignored) return null;

  const canReport = !chatReported && !thanked;
  const handleReport = () => {
    if (report.isPending || !canReport) return;
    report.mutate({ userId: senderId, reason: 'scam', details: '' });
  };

  return (
    <div className="scam-warning" role="note" aria-labelledby={textId} data-testid="scam-warning">
      <ShieldAlert className="scam-warning-icon" aria-hidden />
      <div className="scam-warning-body">
        {!thanked && (
          <p id={textId} className="scam-warning-text">
            {SCAM_TEXT.warning}
          </p>
        )}
        {/* Present from the start, so a screen reader hears the thanks when it appears. */}
        <p id={thanked ? textId : undefined} className="scam-warning-text" role="status">
          {thanked ? SCAM_TEXT.reported : null}
        </p>
        {canReport && <p className="scam-warning-notice">{SCAM_TEXT.notice}</p>}
        {report.error && (
          <p className="field-error scam-warning-error" role="alert">
            {report.error.message}
          </p>
        )}
        <div className="scam-warning-actions">
          {canReport && (
            <button
              type="button"
              className="scam-warning-report"
              disabled={report.isPending}
              aria-busy={report.isPending}
              onClick={handleReport}
            >
              {report.isPending ? CHAT_TEXT.sending : SCAM_TEXT.report}
            </button>
          )}
          <button
            type="button"
            className="scam-warning-ignore"
            onClick={() => ignoredWarnings.add(id)}
          >
            {SCAM_TEXT.ignore}
          </button>
        </div>
      </div>
    </div>
  );
}
