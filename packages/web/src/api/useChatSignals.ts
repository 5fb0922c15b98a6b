/**
 * What an open conversation tells the server as it goes (spec 2 §7 "Chat and presence"): that
 * the chat was read, that the member is typing, and the presence heartbeat.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from './call';
import { threadKey, updateChatList, updateThread } from './useChats';
import { markChatNotificationsRead } from './useNotifications';
import { getSocket } from '../realtime/socket';
import { applyAllRead } from '../lib/chats/chatList';
import { markRead } from '../lib/chats/thread';
import type { ChatThread } from '../lib/chats/types';
import { memberChanged } from './memberChanged';

/**
 * Marks the chat read (POST /chats/{id}/read), then the chat caches and the bell's count.
 * Only what was shown when the call left counts as read here, with the ids the server names: a
 * message that comes in while the call is on its way stays unread, so it is marked in turn.
 */
export async function markChatRead(qc: QueryClient, chatId: number, meId: number) {
  const shown = qc.getQueryData<ChatThread>(threadKey(chatId));
  const lastFromOther = shown?.messages.filter((m) => m.sender_id !== meId).at(-1)?.id ?? 0;
  const res = await call('chats.read', { id: chatId });
  if (!res.success) return;
  const ids = Array.isArray(res.data?.message_ids) ? res.data.message_ids : [];
  updateThread(qc, chatId, (cur) =>
    markRead(cur, { chat_id: chatId, message_id: lastFromOther, message_ids: ids, user_id: meId }),
  );
  updateChatList(qc, (chats) => applyAllRead(chats, chatId));
  // The server read the chat's message notifications too.
  markChatNotificationsRead(qc, chatId);
}

/** Typing over the socket when connected, else POST /chats/{id}/typing. */
export function announceTyping(chatId: number, isTyping: boolean) {
  const socket = getSocket();
  if (socket?.connected) socket.emit('typing', { chat_id: chatId, is_typing: isTyping });
  else void call('chats.typing', { id: chatId, is_typing: isTyping });
}

/** The 15 s presence heartbeat is POST /profile (spec 2 §7); it also refreshes the balance. */
export async function sendPresenceHeartbeat(qc: QueryClient) {
  const res = await call('profile.own', {});
  if (res.success && res.data) void memberChanged(qc, { profile: res.data });
}
