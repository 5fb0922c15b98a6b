/**
 * Messages the console reads on demand, each reading written to the audit log by the server: a
 * report's attached messages, fetched the first time the staff member opens them, in chat order
 * (the server stores them newest first), each marked with the side that wrote it. `MessageItem`
 * and `Reading` also serve the « Arnaques » queue's flagged messages.
 */
import type { ReactNode } from 'react';
import type { TAdminReport, TEvidenceMessage } from '../../api/useAdminLists';
import { useReportEvidence } from '../../api/useAdminReadings';
import { ErrorBox, LazyDetails } from './parts';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';

function contentOf(m: TEvidenceMessage) {
  if (m.type === 'image') return ADMIN_TEXT.photoMessage;
  if (m.type === 'audio') return ADMIN_TEXT.audioMessage;
  return m.content ?? '';
}

/** One message: who wrote it or where, when, and its text ([Photo] or [Message vocal]). */
export function MessageItem({
  message: m,
  side,
  label,
}: {
  message: TEvidenceMessage;
  side: 'reported' | 'reporter' | 'other';
  label: string;
}) {
  return (
    <li className={`adm-msg adm-msg-${side}`}>
      <span className="adm-msg-who">
        {label} · {formatDateTime(m.created_at)}
      </span>
      <span className="adm-msg-text">{contentOf(m)}</span>
    </li>
  );
}

interface ReadingQuery<T> {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** A reading's states: loading, or the server's error with a retry; then its data. */
export function Reading<T>({
  query,
  children,
}: {
  query: ReadingQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error)
    return <ErrorBox message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <p className="muted" role="status">
      {ADMIN_TEXT.messagesLoading}
    </p>
  );
}

export function Evidence({ report }: { report: TAdminReport }) {
  if (report.evidence_count === 0) return <p className="muted">{ADMIN_TEXT.noEvidence}</p>;
  return (
    <LazyDetails summary={ADMIN_TEXT.evidence(report.evidence_count)}>
      <EvidenceMessages report={report} />
    </LazyDetails>
  );
}

function EvidenceMessages({ report }: { report: TAdminReport }) {
  const query = useReportEvidence(report.id);
  return (
    <Reading query={query}>
      {(evidence) => {
        if (evidence.length === 0) return <p className="muted">{ADMIN_TEXT.noEvidence}</p>;
        const messages = [...evidence].sort(
          (a, b) => (a.id ?? 0) - (b.id ?? 0) || a.created_at.localeCompare(b.created_at),
        );
        return (
          <ol>
            {messages.map((m, i) => {
              const side =
                m.sender_id === report.reported.id
                  ? 'reported'
                  : m.sender_id === report.reporter.id
                    ? 'reporter'
                    : 'other';
              return (
                <MessageItem key={m.id ?? i} message={m} side={side} label={SIDE_TEXT[side]} />
              );
            })}
          </ol>
        );
      }}
    </Reading>
  );
}

const SIDE_TEXT = {
  reported: ADMIN_TEXT.sideReported,
  reporter: ADMIN_TEXT.sideReporter,
  other: ADMIN_TEXT.sideOther,
} as const;
