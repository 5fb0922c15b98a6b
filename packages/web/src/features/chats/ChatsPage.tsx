/**
 * The chat list, 'Discussions' (spec 2 §2, §4): search, refresh without skeleton, live rows,
 * swipe to leave, avatar viewer, empty and no-match texts, skeleton, error with retry, and the
 * next page as the end of the list comes near.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TChatSummary } from '@app/shared';
import { useChatList, useLeaveChat } from '../../api/useChats';
import { useLiveChatList } from './useLiveChats';
import { useProfile } from '../../api/useProfile';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { filterChats, flattenPages } from '../../lib/chats/chatList';
import { ChatRow, ChatRowSkeleton } from './ChatRow';
import { IconChat, IconSearch } from './icons';
import { fullPhotoUrl } from './media';
import { PhotoViewer } from './PhotoViewer';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { useFlushAllOutboxes } from './useOutbox';
import { useNow } from '../../lib/useNow';
import './chats.css';

const SKELETON_ROWS = 7;

/** Calls onNearEnd as the list's end nears; `version` checks again after each page lands. */
function useNearEnd(onNearEnd: () => void, active: boolean, version: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onNearEnd);
  useEffect(() => {
    latest.current = onNearEnd;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!active || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [active, version]);
  return sentinel;
}

export default function ChatsPage() {
  const meId = useProfile().data?.id;
  const list = useChatList();
  useLiveChatList(meId);
  useFlushAllOutboxes();
  const now = useNow(60_000);
  const [query, setQuery] = useState('');
  const [viewer, setViewer] = useState<TChatSummary | null>(null);
  const { mutateAsync: leave } = useLeaveChat();

  const chats = useMemo(() => (list.data ? flattenPages(list.data.pages) : []), [list.data]);
  const shown = useMemo(() => filterChats(chats, query), [chats, query]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const sentinel = useNearEnd(
    () => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    },
    chats.length > 0 && !!hasNextPage,
    list.data?.pages.length ?? 0,
  );

  const handleLeave = useCallback(
    (chatId: number) =>
      leave(chatId).then(
        () => true,
        () => false,
      ),
    [leave],
  );
  const refreshing = list.isRefetching && !isFetchingNextPage;

  return (
    <section className="chats-page">
      <header className="chats-head">
        <h1>{CHAT_TEXT.listTitle}</h1>
        <button
          type="button"
          className={refreshing ? 'icon-btn chats-refresh spinning' : 'icon-btn chats-refresh'}
          aria-label={CHAT_TEXT.refresh}
          disabled={refreshing || list.isPending}
          onClick={() => void list.refetch()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
            <path
              fill="currentColor"
              d="M17.65 6.35A7.95 7.95 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
            />
          </svg>
        </button>
      </header>
      <div className="chats-search">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={CHAT_TEXT.searchPlaceholder}
          aria-label={CHAT_TEXT.searchPlaceholder}
          enterKeyHint="search"
        />
      </div>

      {list.isPending ? (
        <ul className="chat-list" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <ChatRowSkeleton key={i} />
          ))}
        </ul>
      ) : list.isError && chats.length === 0 ? (
        <ErrorPanel
          message={list.error.message}
          onRetry={() => void list.refetch()}
          showBack={false}
        />
      ) : chats.length === 0 ? (
        <div className="chats-empty">
          <div className="chats-empty-icon" aria-hidden>
            <IconChat size={34} />
          </div>
          <h2>{CHAT_TEXT.emptyTitle}</h2>
          <p className="muted">{CHAT_TEXT.emptyHint}</p>
        </div>
      ) : shown.length === 0 ? (
        <div className="chats-empty">
          <div className="chats-empty-icon" aria-hidden>
            <IconSearch size={32} />
          </div>
          <h2>{CHAT_TEXT.noMatchTitle}</h2>
          <p className="muted">{CHAT_TEXT.noMatchHint}</p>
        </div>
      ) : (
        <ul className="chat-list">
          {shown.map((c) => (
            <ChatRow key={c.id} chat={c} now={now} onAvatar={setViewer} onLeave={handleLeave} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="chats-end">
        {isFetchingNextPage && <span className="spinner chat-spin-sm" aria-hidden />}
        {isFetchNextPageError && (
          <button type="button" className="btn-link" onClick={() => void fetchNextPage()}>
            {CHAT_TEXT.retry}
          </button>
        )}
      </div>

      {viewer?.photo && (
        <PhotoViewer
          src={fullPhotoUrl(viewer.photo)}
          alt={CHAT_TEXT.photoOf(viewer.name)}
          onClose={() => setViewer(null)}
        />
      )}
    </section>
  );
}
