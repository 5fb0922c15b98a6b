/**
 * The realtime events of the chat area into the query caches (spec 2 §4): the chat list
 * (mounted on both chat screens) and the open conversation. Events are outside input: each
 * payload is checked before use.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, type TChatMessage } from '@app/shared';
import { chatListKey, threadKey, updateChatList, updateThread } from '../../api/useChats';
import { onRealtimeEvent, onRealtimeReconnect } from '../../realtime/socket';
import {
  applyEdited,
  applyNewMessage,
  applyRead,
  applyStatus,
  markClosed,
  removeChat,
} from '../../lib/chats/chatList';
import {
  addMessage,
  markDelivered,
  markRead,
  removeMessage,
  replaceMessage,
} from '../../lib/chats/thread';
import type { ChatThread } from '../../lib/chats/types';

/**
 * Keeps the chat list live: new messages (they also reach the member's own room, no chat room
 * needed), edits, reads, presence, deletions; reloads after a lost connection. (The delivery
 * receipt is the shell's: realtime/useDeliveryAcks.)
 */
export function useLiveChatList(meId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const offSent = onRealtimeEvent(REALTIME_EVENTS.messageSent, (payload) => {
      if (meId === undefined) return void qc.invalidateQueries({ queryKey: chatListKey });
      updateChatList(qc, (chats) => applyNewMessage(chats, payload, meId));
    });
    const offUpdated = onRealtimeEvent('message.updated', (payload) => {
      updateChatList(qc, (chats) => applyEdited(chats, payload));
    });
    const offRead = onRealtimeEvent(REALTIME_EVENTS.messageRead, (payload) => {
      if (meId === undefined) return;
      updateChatList(qc, (chats) => applyRead(chats, payload, meId));
    });
    const offStatus = onRealtimeEvent(REALTIME_EVENTS.userStatusChanged, (payload) => {
      updateChatList(qc, (chats) => applyStatus(chats, payload));
    });
    const offDeleted = onRealtimeEvent(REALTIME_EVENTS.messageDeleted, (payload) => {
      const { message_id: messageId, chat_id: chatId } = payload;
      // The preview showed the deleted message: only the server knows the one before it.
      updateChatList(qc, (chats) =>
        chats.some((c) => c.id === chatId && c.last_message?.message_id === messageId)
          ? null
          : chats,
      );
    });
    // « Ne plus voir ce profil » from another of the member's devices: the chat leaves the list;
    // by the other member: it stays, marked as closed.
    const offClosed = onRealtimeEvent('chat.closed', (payload) => {
      if (meId === undefined) return;
      updateChatList(qc, (chats) =>
        payload.closed_by === meId
          ? removeChat(chats, payload.chat_id)
          : markClosed(chats, payload.chat_id),
      );
    });
    const offReconnect = onRealtimeReconnect(
      () => void qc.invalidateQueries({ queryKey: chatListKey }),
    );
    return () => {
      offClosed();
      offSent();
      offUpdated();
      offRead();
      offStatus();
      offDeleted();
      offReconnect();
    };
  }, [qc, meId]);
}

/** Live events of one conversation into its thread cache. Events before the first load wait. */
export function useLiveThread(chatId: number, meId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const early: ((t: ChatThread) => ChatThread)[] = [];
    const apply = (change: (t: ChatThread) => ChatThread) => {
      if (qc.getQueryData(threadKey(chatId))) updateThread(qc, chatId, change);
      else early.push(change);
    };
    const unsubscribeCache = qc.getQueryCache().subscribe((e) => {
      if (early.length === 0 || e.query.queryKey[2] !== chatId || !e.query.state.data) return;
      const pending = early.splice(0);
      updateThread(qc, chatId, (t) => pending.reduce((acc, change) => change(acc), t));
    });
    const forThisChat = (payload: { chat_id: number }) => payload.chat_id === chatId;
    const offs = [
      onRealtimeEvent(REALTIME_EVENTS.messageSent, (p) => {
        if (!forThisChat(p)) return;
        apply((t) => liftSenderLock(addMessage(t, p), p, meId));
      }),
      onRealtimeEvent('message.updated', (p) => {
        if (forThisChat(p)) apply((t) => replaceMessage(t, p));
      }),
      onRealtimeEvent('message.delivered', (p) => {
        if (forThisChat(p)) apply((t) => markDelivered(t, p.message_ids));
      }),
      onRealtimeEvent(REALTIME_EVENTS.messageRead, (p) => {
        if (forThisChat(p)) apply((t) => markRead(t, p));
      }),
      // The other member closed it: read-only here (the closer's own devices leave it).
      onRealtimeEvent('chat.closed', (p) => {
        if (forThisChat(p) && p.closed_by !== meId)
          apply((t) => ({ ...t, chat: { ...t.chat, closed: true } }));
      }),
      onRealtimeEvent(REALTIME_EVENTS.messageDeleted, (p) => {
        if (forThisChat(p)) apply((t) => removeMessage(t, p.message_id));
      }),
      onRealtimeReconnect(() => void qc.invalidateQueries({ queryKey: threadKey(chatId) })),
    ];
    return () => {
      unsubscribeCache();
      offs.forEach((off) => off());
    };
  }, [qc, chatId, meId]);
}

/** The lock rule: an answer from the other member lifts the starter's lock for free. */
function liftSenderLock(t: ChatThread, m: TChatMessage, meId: number | undefined): ChatThread {
  if (meId === undefined || m.sender_id === meId || !t.chat.is_sender || !t.chat.locked_sender) {
    return t;
  }
  const locked = t.chat.locked_receiver && !t.chat.is_sender;
  return { ...t, chat: { ...t.chat, locked_sender: false, is_locked_for_user: locked } };
}
