/**
 * A scam-queue member's flagged messages, behind a <details>: read only when the staff member
 * opens it (each reading is written to the audit log), a page at a time with « Voir plus », each
 * with its date and its chat. Only the flagged messages are shown, never the rest of the chats.
 */
import { useScamMessages } from '../../api/useAdminReadings';
import { MessageItem, Reading } from './Evidence';
import { ErrorBox, LazyDetails } from './parts';
import { ADMIN_TEXT } from './texts';

export function FlaggedMessages({ memberId, count }: { memberId: number; count: number }) {
  if (count === 0) return <p className="muted">{ADMIN_TEXT.noFlaggedMessages}</p>;
  return (
    <LazyDetails summary={ADMIN_TEXT.flaggedMessages(count)}>
      <p className="muted adm-meta">{ADMIN_TEXT.flaggedNotice}</p>
      <MessagePages memberId={memberId} />
    </LazyDetails>
  );
}

function MessagePages({ memberId }: { memberId: number }) {
  const query = useScamMessages(memberId);
  return (
    <Reading query={query}>
      {({ pages }) => {
        const messages = pages.flatMap((p) => p.items);
        if (messages.length === 0) return <p className="muted">{ADMIN_TEXT.noFlaggedMessages}</p>;
        return (
          <>
            <ol>
              {messages.map((m, i) => (
                <MessageItem
                  key={m.id ?? `${m.chat_id}-${i}`}
                  message={m}
                  side="reported"
                  label={ADMIN_TEXT.chatN(m.chat_id)}
                />
              ))}
            </ol>
            {query.isFetchNextPageError && <ErrorBox message={query.error?.message ?? ''} />}
            {query.hasNextPage && (
              <button
                type="button"
                className="btn btn-ghost adm-more"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? ADMIN_TEXT.loading : ADMIN_TEXT.more}
              </button>
            )}
          </>
        );
      }}
    </Reading>
  );
}
