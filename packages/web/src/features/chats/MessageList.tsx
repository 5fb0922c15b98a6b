/**
 * The scrolling message list: day separators, bubbles and the outbox. Opens at the newest
 * message, follows new ones while the reader is at the bottom, and loads older messages when
 * the top comes near without moving what the reader is looking at. A message picked in the
 * search is scrolled into the middle of the view and highlighted. A received message the server
 * flagged gets the scam shield's warning above it.
 */
import {
  Fragment,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { TChatMessage } from '@app/shared';
import { MessageBubble } from './MessageBubble';
import { PendingBubble } from './PendingBubble';
import { ScamWarning } from './ScamWarning';
import type { OutboxItem } from '../../lib/chats/outbox';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { buildRows } from '../../lib/chats/thread';

/** Closer than this to the bottom counts as "at the bottom". */
const BOTTOM_SLACK_PX = 120;

interface Props {
  messages: TChatMessage[];
  pending: OutboxItem[];
  meId: number;
  now: number;
  hasMore: boolean;
  /** Resolves true when older messages were added. */
  onLoadOlder: () => Promise<boolean>;
  onImage: (m: TChatMessage) => void;
  onEdit: (m: TChatMessage) => void;
  onDelete: (m: TChatMessage) => void;
  /** « Signaler » on a call's line: reports the other member. */
  onReport?: () => void;
  /** The message to bring into view (a new object each time, even for the same id). */
  focus: { id: number } | null;
  onRetry: (localId: string) => void;
  onDiscard: (localId: string) => void;
  /** What an empty, fully loaded chat shows instead of nothing. */
  intro?: ReactNode;
  /** The member reported this chat from a scam warning, on any device: no « Signaler » again. */
  scamReported?: boolean;
}

export const MessageList = memo(function MessageList(props: Props) {
  const { messages, pending, meId, now, hasMore, onLoadOlder, onEdit, focus } = props;
  const rows = useMemo(
    () => buildRows(messages, pending, meId, now),
    [messages, pending, meId, now],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const lastKey = useRef<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Before paint: keep the view still after older messages landed, or follow the newest one.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const saved = restore.current;
    if (saved && el.scrollHeight !== saved.height) {
      el.scrollTop = el.scrollHeight - saved.height + saved.top;
      restore.current = null;
    }
    const last = rows.at(-1);
    const newKey = last?.key ?? null;
    if (newKey !== lastKey.current) {
      const isMine = last?.kind === 'pending' || (last?.kind === 'message' && last.mine);
      if (lastKey.current === null || atBottom.current || isMine) toBottom();
      lastKey.current = newKey;
    }
  }, [rows, toBottom]);

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || loadingOlder) return;
    restore.current = { height: el.scrollHeight, top: el.scrollTop };
    setLoadingOlder(true);
    void onLoadOlder()
      .then((loaded) => {
        if (!loaded) restore.current = null;
      })
      .finally(() => setLoadingOlder(false));
  }, [loadingOlder, onLoadOlder]);

  useEffect(() => {
    const target = topSentinel.current;
    if (!hasMore || loadingOlder || !target) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    io.observe(target);
    return () => io.disconnect();
  }, [hasMore, loadingOlder, loadOlder]);

  // The keyboard opening (or the photo preview) shrinks the list: stay on the newest message.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (atBottom.current) toBottom();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [toBottom]);

  // A search result: to the middle of the view (a message further up is no longer "the bottom").
  useEffect(() => {
    const el = scroller.current;
    if (!focus || !el) return;
    const target = el.querySelector<HTMLElement>(`[data-message-id="${focus.id}"]`);
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
  }, [focus]);

  const handleScroll = () => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
  };
  const handleEdit = useCallback(
    (m: TChatMessage) => {
      setSelected(null);
      onEdit(m);
    },
    [onEdit],
  );
  const handleMediaLoad = useCallback(() => {
    if (atBottom.current) toBottom();
  }, [toBottom]);

  return (
    <div className="msg-scroller" ref={scroller} onScroll={handleScroll} data-testid="message-list">
      <div ref={topSentinel} className="msg-top">
        {loadingOlder && (
          <span
            className="spinner chat-spin-sm"
            role="status"
            aria-label={CHAT_TEXT.loadingOlder}
          />
        )}
      </div>
      {rows.length === 0 && !hasMore && props.intro}
      {rows.map((r) =>
        r.kind === 'day' ? (
          <div key={r.key} className="day-sep" role="separator">
            <span>{r.label}</span>
          </div>
        ) : r.kind === 'message' ? (
          <Fragment key={r.key}>
            {/* The sender never gets the flag; checking `mine` too keeps their own text quiet. */}
            {!r.mine && r.message.safety_warning === true && (
              <ScamWarning message={r.message} reportedBefore={props.scamReported} />
            )}
            <MessageBubble
              message={r.message}
              mine={r.mine}
              selected={selected === r.message.id}
              flash={focus?.id === r.message.id}
              onSelect={setSelected}
              onImage={props.onImage}
              onEdit={handleEdit}
              onDelete={props.onDelete}
              onMediaLoad={handleMediaLoad}
              onReport={r.message.type === 'call' ? props.onReport : undefined}
            />
          </Fragment>
        ) : (
          <PendingBubble
            key={r.key}
            item={r.item}
            onRetry={props.onRetry}
            onDiscard={props.onDiscard}
          />
        ),
      )}
    </div>
  );
});
