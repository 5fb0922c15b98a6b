/**
 * A loaded conversation, put together from its parts: the header and its menu, the offline
 * hint, the message list with the outbox, the locked banner, the composer, and around them the
 * unlock flow, the sheets (delete, edit, block, report), the search in the conversation and the
 * photo viewer. Each part lives in its own file; this one only holds which of them is open.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatMessage } from '@app/shared';
import { useMuteChat } from '../../api/useChatActions';
import { loadOlderMessages } from '../../api/useChats';
import { CHAT_TEXT } from '../../lib/chats/texts';
import type { ChatThread, TChatParticipant } from '../../lib/chats/types';
import { useNow } from '../../lib/useNow';
import { lazyPart } from '../../ui/lazyPart';
import { toast } from '../../ui/toast';
import { ChatHeader, type MenuAction } from './ChatHeader';
import { ChatIntro } from './ChatIntro';
import { ChatSheets, type ChatSheet } from './ChatSheets';
import { Composer } from './Composer';
import { LockedHint } from './LockedHint';
import { fullPhotoUrl, thumbPhotoUrl } from './media';
import { MessageList } from './MessageList';
import { OutboxHint } from './OutboxHint';
import { PhotoViewer } from './PhotoViewer';
import { UnlockFlow, type UnlockStep } from './UnlockFlow';
import { useAutoRead, useRemoteTyping } from './useChatRoom';
import { useChatOutbox } from './useOutbox';
import { useSearchJump } from './useSearchJump';
import { useVisualViewport } from './useVisualViewport';
import { placeCall } from './call/CallLayer';

const ChatSearch = lazyPart(() => import('./ChatSearch'), {
  fallback: <div className="chat-search" />,
  dismiss: (p) => p.onClose,
});

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
  const { chat } = thread;
  const name = other.name ?? CHAT_TEXT.member;
  const locked = chat.is_locked_for_user;
  // The other member chose « Ne plus voir ce profil »: the chat stays to read, not to write.
  const closed = chat.closed === true;
  const typing = useRemoteTyping(chatId);
  const now = useNow(60_000);
  const [unlockStep, setUnlockStep] = useState<UnlockStep>(null);
  const [sheet, setSheet] = useState<ChatSheet | null>(null);
  const [viewer, setViewer] = useState<{ src: string; alt: string } | null>(null);
  const search = useSearchJump(thread.messages);
  const screen = useRef<HTMLDivElement>(null);
  useVisualViewport(screen);

  const openUnlock = useCallback(() => setUnlockStep('unlock'), []);
  const outbox = useChatOutbox(chatId, { paused: locked, onLocked: openUnlock });
  const mute = useMuteChat(chatId);
  useAutoRead(
    chatId,
    meId,
    useMemo(() => unreadKeyOf(thread, meId), [thread, meId]),
  );

  // The member who opened a contact chat learns, before writing, what the lock will do.
  const showIntro = chat.origin === 'contact' && chat.is_sender && !locked;
  const intro = useMemo(() => (showIntro ? <ChatIntro name={name} /> : null), [showIntro, name]);

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
  const handleReport = useCallback(() => setSheet({ kind: 'report' }), []);
  const handleCall = () =>
    placeCall(chatId, {
      id: other.user_id,
      name,
      photo: other.photo && fullPhotoUrl(other.photo),
    });
  const handleMenu = (action: MenuAction) => {
    if (action === 'search') return search.open();
    if (action !== 'mute') return setSheet({ kind: action });
    mute.mutate(!chat.muted, {
      onSuccess: (res) => toast.success(res.message),
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <div className="chat-screen" ref={screen}>
      <ChatHeader
        name={name}
        photo={other.photo && thumbPhotoUrl(other.photo)}
        verified={other.verified === true}
        online={online}
        typing={typing}
        muted={chat.muted}
        onAvatar={() =>
          other.photo && setViewer({ src: fullPhotoUrl(other.photo), alt: CHAT_TEXT.photoOf(name) })
        }
        onMenu={handleMenu}
        onCall={locked || closed ? undefined : handleCall}
      />
      <OutboxHint items={outbox.items} />
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
        onReport={handleReport}
        focus={search.focus}
        onRetry={outbox.retry}
        onDiscard={outbox.discard}
        intro={intro}
        scamReported={chat.scam_reported === true}
      />
      {closed ? (
        <p className="chat-closed-hint" role="status" data-testid="chat-closed">
          {CHAT_TEXT.closed}
        </p>
      ) : (
        <>
          {locked && (
            <LockedHint cost={chat.unlock_cost} isSender={chat.is_sender} onOpen={openUnlock} />
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
        </>
      )}

      <UnlockFlow chatId={chatId} chat={chat} step={unlockStep} onStep={setUnlockStep} />
      <ChatSheets
        sheet={sheet}
        chatId={chatId}
        otherId={other.user_id}
        onClosed={() => setSheet(null)}
      />
      {search.isOpen && (
        <ChatSearch
          chatId={chatId}
          meId={meId}
          otherName={name}
          now={now}
          isLoaded={search.isLoaded}
          onJump={search.jump}
          onClose={search.close}
        />
      )}
      {viewer && <PhotoViewer src={viewer.src} alt={viewer.alt} onClose={() => setViewer(null)} />}
    </div>
  );
}
