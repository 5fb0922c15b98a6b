/**
 * A report's attached last messages, in chat order (the server stores them newest first), each
 * marked with the side that wrote it: the reported member or the one who reported.
 */
import type { TAdminReport, TEvidenceMessage } from '../../api/useAdminLists';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';

function contentOf(m: TEvidenceMessage) {
  if (m.type === 'image') return ADMIN_TEXT.photoMessage;
  if (m.type === 'audio') return ADMIN_TEXT.audioMessage;
  return m.content ?? '';
}

export function Evidence({ report }: { report: TAdminReport }) {
  const messages = [...report.evidence].sort(
    (a, b) => (a.id ?? 0) - (b.id ?? 0) || a.created_at.localeCompare(b.created_at),
  );
  if (messages.length === 0) return <p className="muted">{ADMIN_TEXT.noEvidence}</p>;
  return (
    <details className="adm-evidence">
      <summary>{ADMIN_TEXT.evidence(messages.length)}</summary>
      <ol>
        {messages.map((m, i) => {
          const side =
            m.sender_id === report.reported.id
              ? 'reported'
              : m.sender_id === report.reporter.id
                ? 'reporter'
                : 'other';
          const who =
            side === 'reported'
              ? ADMIN_TEXT.sideReported
              : side === 'reporter'
                ? ADMIN_TEXT.sideReporter
                : ADMIN_TEXT.sideOther;
          return (
            <li key={m.id ?? i} className={`adm-msg adm-msg-${side}`}>
              <span className="adm-msg-who">
                {who} · {formatDateTime(m.created_at)}
              </span>
              <span className="adm-msg-text">{contentOf(m)}</span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
