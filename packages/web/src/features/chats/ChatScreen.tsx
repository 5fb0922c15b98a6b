/**
 * A loaded conversation: header, messages, the locked hint, the composer, and the sheets and
 * modals around them (unlock, insufficient balance, edit, delete, block, report, photo viewer),
 * and the search in the conversation. Sheets and the search load when first opened.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatMessage } from '@app/shared';
import {
  isInsufficientCoins,
  useBlockMember,
  useMuteChat,
  useUnlockChat,
} from '../../api/useChatActions';
import { useDeleteMessage } from '../../api/useChatMessages';
import { loadOlderMessages } from '../../api/useChats';
import { useProfile } from '../../api/useProfile';
import { getToken } from '../../auth/session';
import { toast } from '../../ui/toast';
import { ChatHeader, type MenuAction } from './ChatHeader';
import { Composer } from './Composer';
import { SEARCH_FLASH_MS } from './constants';
import { IconLock } from './icons';
import { fullPhotoUrl } from './media';
import { MessageList } from './MessageList';
import { PhotoViewer } from './PhotoViewer';
import { ConfirmSheet } from '../../ui/Sheet';
import { CHAT_TEXT } from '../../lib/chats/texts';
import type { ChatThread, TChatParticipant } from '../../lib/chats/types';
import { InsufficientModal, UnlockModal } from './UnlockModals';
import { useAutoRead, useRemoteTyping } from './useChatRoom';
import { useNow } from '../../lib/useNow';
import { useChatOutbox } from './useOutbox';
import { useVisualViewport } from './useVisualViewport';

const ReportSheet = lazyPart(() => import('./ReportSheet'), { dismiss: (p) => p.onClosed });
const EditSheet = lazyPart(() => import('./EditSheet'), { dismiss: (p) => p.onClosed });
const ChatSearch = lazyPart(() => import('./ChatSearch'), {
  fallback: <div className="chat-search" />,
  dismiss: (p) => p.onClose,
});

type Sheet =
  | { kind: 'delete'; message: TChatMessage }
  | { kind: 'edit'; message: TChatMessage }
  | { kind: 'block' }
  | { kind: 'report' };

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

/** The newest message from the other member not yet read, or null. */
function unreadKeyOf(thread: ChatThread, meId: number): number | null {
  for (let i = thread.messages.length - 1; i >= 0; i--) {
    const m = thread.messages[i];
    if (m && m.sender_id !== meId && m.status !== 'read') return m.id;
  }
  return null;
}

export function ChatScreen({
  chatId,
  thread,
  meId,
  other,
  online,
}: {
  chatId: number;
  thread: ChatThread;
  meId: number;
  other: TChatParticipant;
  online: boolean;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { chat } = thread;
  const name = other.name ?? CHAT_TEXT.member;
  const balance = useProfile().data?.coins ?? chat.user_coins;
  const locked = chat.is_locked_for_user;
  const isOnline = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const typing = useRemoteTyping(chatId);
  const now = useNow(60_000);
  const [modal, setModal] = useState<'unlock' | 'insufficient' | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [viewer, setViewer] = useState<{ src: string; alt: string } | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  // A new object per pick, so picking the same result again scrolls again.
  const [focus, setFocus] = useState<{ id: number } | null>(null);
  const screen = useRef<HTMLDivElement>(null);
  useVisualViewport(screen);

  const openUnlock = useCallback(() => setModal('unlock'), []);
  const outbox = useChatOutbox(chatId, { paused: locked, onLocked: openUnlock });
  const unlock = useUnlockChat(chatId);
  const mute = useMuteChat(chatId);
  const block = useBlockMember(chatId);
  const { mutateAsync: deleteMessage } = useDeleteMessage(chatId);
  useAutoRead(
    chatId,
    meId,
    useMemo(() => unreadKeyOf(thread, meId), [thread, meId]),
  );

  const handleUnlock = () => {
    if (!getToken()) return void toast.error(CHAT_TEXT.tokenMissing);
    // Spec 2 §4: too few coins opens the insufficient modal without calling the server.
    if (balance < chat.unlock_cost) return setModal('insufficient');
    unlock.mutate(undefined, {
      onSuccess: () => {
        setModal(null);
        toast.success(CHAT_TEXT.unlocked);
        void import('./confetti').then((m) => m.playConfetti());
        // The outbox resumes by itself once the thread says the chat is open.
      },
      onError: (err) => {
        if (isInsufficientCoins(err)) setModal('insufficient');
      },
    });
  };

  const handleLoadOlder = useCallback(() => loadOlderMessages(qc, chatId), [qc, chatId]);
  const handleImageTap = useCallback((m: TChatMessage) => {
    const src = m.file_url ?? m.preview_url;
    if (src) setViewer({ src, alt: 'Photo' });
  }, []);
  const handleDeleteAsk = useCallback(
    (m: TChatMessage) => setSheet({ kind: 'delete', message: m }),
    [],
  );
  const handleEditAsk = useCallback(
    (m: TChatMessage) => setSheet({ kind: 'edit', message: m }),
    [],
  );

  const messages = thread.messages;
  const isLoaded = useCallback((id: number) => messages.some((m) => m.id === id), [messages]);
  const handleJump = useCallback((id: number) => {
    setSearchOpen(false);
    setFocus({ id });
  }, []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useEffect(() => {
    if (!focus) return;
    const t = setTimeout(() => setFocus(null), SEARCH_FLASH_MS);
    return () => clearTimeout(t);
  }, [focus]);

  const handleMenu = (action: MenuAction) => {
    if (action === 'search') return setSearchOpen(true);
    if (action !== 'mute') return setSheet({ kind: action });
    mute.mutate(!chat.muted, {
      onSuccess: (res) => toast.success(res.message),
      onError: (err) => toast.error(err.message),
    });
  };

  const confirmDelete = (m: TChatMessage) =>
    deleteMessage(m.id).then(
      () => true,
      (err: Error) => {
        toast.error(err.message);
        return true;
      },
    );
  const confirmBlock = () =>
    block.mutateAsync(other.user_id).then(
      (res) => {
        toast.success(res.message);
        navigate('/chats', { replace: true });
        return false;
      },
      (err: Error) => {
        toast.error(err.message);
        return false;
      },
    );

  const waiting = outbox.items.some((i) => i.state !== 'failed');
  const unlockError =
    unlock.error && !isInsufficientCoins(unlock.error)
      ? unlock.error.message || CHAT_TEXT.unlockError
      : null;

  return (
    <div className="chat-screen" ref={screen}>
      <ChatHeader
        name={name}
        photo={other.photo}
        online={online}
        typing={typing}
        muted={chat.muted}
        onAvatar={() =>
          other.photo && setViewer({ src: fullPhotoUrl(other.photo), alt: CHAT_TEXT.photoOf(name) })
        }
        onMenu={handleMenu}
      />
      {waiting && !isOnline && <p className="chat-outbox-hint">{CHAT_TEXT.outboxHint}</p>}
      <MessageList
        messages={thread.messages}
        pending={outbox.items}
        meId={meId}
        now={now}
        hasMore={thread.has_more}
        onLoadOlder={handleLoadOlder}
        onImage={handleImageTap}
        onEdit={handleEditAsk}
        onDelete={handleDeleteAsk}
        focus={focus}
        onRetry={outbox.retry}
        onDiscard={outbox.discard}
      />
      {locked && (
        <button
          type="button"
          className="chat-locked-hint"
          onClick={openUnlock}
          data-testid="locked-hint"
        >
          <IconLock size={16} />
          <span>{CHAT_TEXT.lockedHint(chat.unlock_cost, chat.is_sender)}</span>
        </button>
      )}
      <Composer
        key={chatId}
        chatId={chatId}
        locked={locked}
        busy={outbox.items.some((i) => i.state === 'sending')}
        onLocked={openUnlock}
        onText={outbox.send}
        onImage={outbox.sendImage}
        onVoice={outbox.sendVoice}
      />

      {modal === 'unlock' && (
        <UnlockModal
          cost={chat.unlock_cost}
          balance={balance}
          isSender={chat.is_sender}
          busy={unlock.isPending}
          error={unlockError}
          onUnlock={handleUnlock}
          onClose={() => {
            unlock.reset();
            setModal(null);
          }}
        />
      )}
      {modal === 'insufficient' && <InsufficientModal onClose={() => setModal(null)} />}
      {sheet?.kind === 'delete' && (
        <ConfirmSheet
          title={CHAT_TEXT.deleteTitle}
          confirmLabel={CHAT_TEXT.delete}
          onConfirm={() => confirmDelete(sheet.message)}
          onClosed={() => setSheet(null)}
        />
      )}
      {sheet?.kind === 'edit' && (
        <EditSheet message={sheet.message} onClosed={() => setSheet(null)} />
      )}
      {sheet?.kind === 'block' && (
        <ConfirmSheet
          title={CHAT_TEXT.blockTitle}
          detail={CHAT_TEXT.blockDetail}
          confirmLabel={CHAT_TEXT.block}
          onConfirm={confirmBlock}
          onClosed={() => setSheet(null)}
        />
      )}
      {sheet?.kind === 'report' && (
        <ReportSheet chatId={chatId} userId={other.user_id} onClosed={() => setSheet(null)} />
      )}
      {searchOpen && (
        <ChatSearch
          chatId={chatId}
          meId={meId}
          otherName={name}
          now={now}
          isLoaded={isLoaded}
          onJump={handleJump}
          onClose={closeSearch}
        />
      )}
      {viewer && <PhotoViewer src={viewer.src} alt={viewer.alt} onClose={() => setViewer(null)} />}
    </div>
  );
}
