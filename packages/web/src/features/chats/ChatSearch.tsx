/**
 * Search within the conversation (POST /chats/{id}/search), over the conversation: a field,
 * then the matching text messages newest first, 20 at a time. Picking a result already loaded
 * in the conversation closes the search and scrolls to it; an older one opens in place, whole.
 * Loaded only when opened from the header menu.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { TChatMessage } from '@app/shared';
import { useChatSearch } from '../../api/useChatSearch';
import { SEARCH_DEBOUNCE_MS } from './constants';
import { dayLabel, timeLabel } from '../../lib/chats/dates';
import { IconBack, IconSearch } from './icons';
import { highlightParts, snippetOf } from './search';
import { CHAT_TEXT } from '../../lib/chats/texts';

const QUERY_MAX = 100;

function Marked({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((p, i) =>
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

export default function ChatSearch({
  chatId,
  meId,
  otherName,
  now,
  isLoaded,
  onJump,
  onClose,
}: {
  chatId: number;
  meId: number;
  otherName: string;
  now: number;
  /** Is this message in the conversation as loaded now? */
  isLoaded: (messageId: number) => boolean;
  onJump: (messageId: number) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<number | null>(null);
  const search = useChatSearch(chatId, query);

  // One call once typing pauses, not one per letter.
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const handleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'Enter') setQuery(text.trim());
  };

  const pick = (m: TChatMessage) => {
    if (isLoaded(m.id)) onJump(m.id);
    else setExpanded((cur) => (cur === m.id ? null : m.id));
  };

  const results = search.data?.pages.flatMap((p) => p.items) ?? [];
  let body;
  if (!query) {
    body = <p className="chat-search-note muted">{CHAT_TEXT.searchHint}</p>;
  } else if (search.isPending) {
    body = (
      <div className="chat-center-row">
        <span className="spinner chat-spin-sm" role="status" aria-label={CHAT_TEXT.searching} />
      </div>
    );
  } else if (search.isError && results.length === 0) {
    body = (
      <div className="chat-search-note" role="alert">
        <p>{search.error.message}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void search.refetch()}>
          {CHAT_TEXT.retry}
        </button>
      </div>
    );
  } else if (results.length === 0) {
    body = (
      <div className="chat-search-note">
        <strong>{CHAT_TEXT.searchEmpty}</strong>
        <p className="muted">{CHAT_TEXT.searchEmptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="chat-search-results" aria-label={CHAT_TEXT.searchResults}>
          {results.map((m) => {
            const open = expanded === m.id;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  className={open ? 'chat-search-hit open' : 'chat-search-hit'}
                  aria-expanded={isLoaded(m.id) ? undefined : open}
                  onClick={() => pick(m)}
                  data-testid="search-result"
                >
                  <span className="chat-search-hit-head">
                    <strong>{m.sender_id === meId ? CHAT_TEXT.you : otherName}</strong>
                    <time dateTime={m.created_at}>
                      {dayLabel(m.created_at, now)} · {timeLabel(m.created_at)}
                    </time>
                  </span>
                  <span className={open ? 'chat-search-hit-text full' : 'chat-search-hit-text'}>
                    <Marked text={open ? m.content : snippetOf(m.content, query)} query={query} />
                  </span>
                  {open && (
                    <span className="chat-search-hit-note">{CHAT_TEXT.searchNotLoaded}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {search.hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {search.isFetchingNextPage ? CHAT_TEXT.searching : CHAT_TEXT.searchMore}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="chat-search" aria-label={CHAT_TEXT.search}>
      <div className="chat-search-bar">
        <button
          type="button"
          className="icon-btn"
          aria-label={CHAT_TEXT.closeSearch}
          onClick={onClose}
        >
          <IconBack size={24} />
        </button>
        <label className="chat-search-field">
          <IconSearch size={18} />
          <input
            type="search"
            value={text}
            maxLength={QUERY_MAX}
            placeholder={CHAT_TEXT.searchFieldPlaceholder}
            aria-label={CHAT_TEXT.searchField}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={handleKey}
            enterKeyHint="search"
            autoFocus
          />
        </label>
      </div>
      {query && search.isFetching && !search.isPending && !search.isFetchingNextPage && (
        <span className="chat-search-progress" aria-hidden />
      )}
      <div className="chat-search-body" aria-busy={search.isFetching}>
        {body}
      </div>
    </section>
  );
}
