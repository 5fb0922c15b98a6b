/**
 * The conversation header (spec 2 §2): back, the other member's avatar (opens the viewer),
 * name, presence ('En ligne' / 'En ligne récemment') or typing, and the menu: search in the
 * conversation, mute or unmute notifications, « Ne plus voir ce profil », report, block, and the
 * blocked members list.
 */
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { Avatar } from '../../ui/Avatar';
import { VerifiedBadge } from '../../ui/VerifiedBadge';
import { IconBellOff, IconPhone } from './icons';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { CALL_TEXT } from './call/texts';

export type MenuAction = 'search' | 'block' | 'report' | 'mute' | 'unmatch';

export function ChatHeader({
  name,
  photo,
  verified,
  online,
  typing,
  muted,
  onAvatar,
  onMenu,
  onCall,
}: {
  name: string;
  photo: string | null;
  verified: boolean;
  online: boolean;
  typing: boolean;
  muted: boolean;
  onAvatar: () => void;
  onMenu: (action: MenuAction) => void;
  /** « Appeler » (issue 30); absent while the chat is locked for this member. */
  onCall?: (() => void) | undefined;
}) {
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const pick = (action: MenuAction) => {
    setMenuOpen(false);
    onMenu(action);
  };
  return (
    <header className="chat-head">
      <button
        type="button"
        className="icon-btn"
        aria-label={CHAT_TEXT.back}
        onClick={() => navigate('/chats')}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
          <path fill="currentColor" d="M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
        </svg>
      </button>
      <button
        type="button"
        className="chat-head-avatar"
        aria-label={CHAT_TEXT.photoOf(name)}
        onClick={onAvatar}
        disabled={!photo}
      >
        <Avatar name={name} photo={photo} size={40} />
        {online && <span className="chat-online-dot" aria-hidden />}
      </button>
      <div className="chat-head-text">
        <h1>
          {name}
          {verified && <VerifiedBadge />}
        </h1>
        <p
          className={
            typing
              ? 'chat-head-status typing'
              : online
                ? 'chat-head-status online'
                : 'chat-head-status'
          }
          aria-live="polite"
        >
          {typing ? CHAT_TEXT.typing : online ? CHAT_TEXT.online : CHAT_TEXT.recentlyOnline}
        </p>
      </div>
      {muted && (
        <span className="chat-head-muted" aria-hidden>
          <IconBellOff size={18} />
        </span>
      )}
      {onCall && (
        <button type="button" className="icon-btn" aria-label={CALL_TEXT.call} onClick={onCall}>
          <IconPhone size={22} />
        </button>
      )}
      <div className="chat-menu-wrap">
        <button
          type="button"
          className="icon-btn"
          aria-label={CHAT_TEXT.menu}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
            <path
              fill="currentColor"
              d="M12 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"
            />
          </svg>
        </button>
        {menuOpen && (
          <>
            <div className="chat-menu-backdrop" onClick={() => setMenuOpen(false)} />
            <ul className="chat-menu" role="menu">
              <li role="none">
                <button type="button" role="menuitem" onClick={() => pick('search')}>
                  {CHAT_TEXT.search}
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" onClick={() => pick('mute')}>
                  {muted ? CHAT_TEXT.unmute : CHAT_TEXT.mute}
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" onClick={() => pick('unmatch')}>
                  {CHAT_TEXT.unmatch}
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" onClick={() => pick('report')}>
                  {CHAT_TEXT.report}
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="danger"
                  onClick={() => pick('block')}
                >
                  {CHAT_TEXT.block}
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    setMenuOpen(false);
                    navigate('/blocked-members');
                  }}
                >
                  {CHAT_TEXT.blockedMembers}
                </button>
              </li>
            </ul>
          </>
        )}
      </div>
    </header>
  );
}
