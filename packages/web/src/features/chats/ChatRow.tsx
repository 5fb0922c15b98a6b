/**
 * One chat in the list (spec 2 §2): avatar (opens the photo viewer), name, online dot, unread
 * badge, time and preview. Swiping left follows the finger up to 100 px; let go past 80 px and
 * the chat is left (it disappears once the server agreed, else it slides back).
 */
import { memo, useRef, useState, type PointerEvent } from 'react';
import { Link } from '../../lib/router';
import type { TChatSummary } from '@app/shared';
import { Avatar } from '../../ui/Avatar';
import { IconBellOff, IconLock } from './icons';
import { CHAT_AVATAR_PX, SWIPE_LEAVE_PX, SWIPE_MAX_PX } from './constants';
import { listTimeLabel } from '../../lib/chats/dates';
import { previewText } from './preview';
import { CHAT_TEXT } from '../../lib/chats/texts';

/** Movement under this many pixels is still a tap. */
const TAP_SLOP_PX = 8;

export const ChatRow = memo(function ChatRow({
  chat,
  now,
  onAvatar,
  onLeave,
}: {
  chat: TChatSummary;
  now: number;
  onAvatar: (chat: TChatSummary) => void;
  onLeave: (chatId: number) => Promise<boolean>;
}) {
  const [offset, setOffset] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const start = useRef<number | null>(null);
  const dragged = useRef(false);

  const handleDown = (e: PointerEvent<HTMLDivElement>) => {
    if (leaving || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = e.clientX;
    dragged.current = false;
  };
  const handleMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    if (!dragged.current && Math.abs(dx) < TAP_SLOP_PX) return;
    if (!dragged.current) {
      dragged.current = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    setOffset(Math.max(-SWIPE_MAX_PX, Math.min(0, dx)));
  };
  const handleUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > -SWIPE_LEAVE_PX) return setOffset(0);
    setLeaving(true);
    setOffset(-SWIPE_MAX_PX);
    void onLeave(chat.id).then((left) => {
      if (left) return;
      setLeaving(false);
      setOffset(0);
    });
  };
  const handleCancel = () => {
    start.current = null;
    dragged.current = false;
    if (!leaving) setOffset(0);
  };

  const last = chat.last_message;
  const when = last?.timestamp ?? chat.updated_at;
  const unread = chat.unread_count > 0;
  return (
    <li className={leaving ? 'chat-row leaving' : 'chat-row'} data-testid="chat-row">
      <div className="chat-row-action" aria-hidden>
        {leaving ? <span className="spinner chat-spin-sm" /> : CHAT_TEXT.leave}
      </div>
      <div
        className={offset === 0 ? 'chat-row-body settle' : 'chat-row-body'}
        style={offset ? { transform: `translateX(${offset}px)` } : undefined}
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerCancel={handleCancel}
        onClickCapture={(e) => {
          if (!dragged.current) return;
          e.preventDefault();
          e.stopPropagation();
          dragged.current = false;
        }}
      >
        <Link to={`/chat/${chat.id}`} className="chat-row-link" draggable={false}>
          <span className="chat-row-top">
            <span className={unread ? 'chat-row-name unread' : 'chat-row-name'}>{chat.name}</span>
            <time className={unread ? 'chat-row-time unread' : 'chat-row-time'} dateTime={when}>
              {listTimeLabel(when, now)}
            </time>
          </span>
          <span className="chat-row-bottom">
            <span className={unread ? 'chat-row-preview unread' : 'chat-row-preview'}>
              {chat.closed ? (
                <span className="chat-row-closed">{CHAT_TEXT.closedRow}</span>
              ) : (
                chat.is_locked_for_user && (
                  <span className="chat-row-lock">
                    <IconLock size={14} />
                  </span>
                )
              )}
              {previewText(last)}
            </span>
            {chat.muted && (
              <span className="chat-row-muted" aria-hidden>
                <IconBellOff size={16} />
              </span>
            )}
            {unread && (
              <span className="chat-unread" aria-label={CHAT_TEXT.unreadCount(chat.unread_count)}>
                {chat.unread_count > 99 ? '99+' : chat.unread_count}
              </span>
            )}
          </span>
        </Link>
        {/* After the link in the tab order (the conversation first); drawn on the left. */}
        <button
          type="button"
          className="chat-row-avatar"
          aria-label={CHAT_TEXT.photoOf(chat.name)}
          disabled={!chat.photo}
          onClick={() => onAvatar(chat)}
        >
          <Avatar name={chat.name} photo={chat.photo} size={CHAT_AVATAR_PX} />
          {chat.is_online && (
            <span className="chat-online-dot" role="img" aria-label={CHAT_TEXT.online} />
          )}
        </button>
      </div>
    </li>
  );
});

export function ChatRowSkeleton() {
  return (
    <li className="chat-row chat-row-sk" aria-hidden>
      <div className="chat-row-body">
        <span className="chat-sk chat-sk-avatar" />
        <span className="chat-sk-lines">
          <span className="chat-sk chat-sk-line" />
          <span className="chat-sk chat-sk-line short" />
        </span>
      </div>
    </li>
  );
}
