/**
 * The member's own messages (spec 2 §7): sending one from the outbox (text, photo or voice),
 * editing and deleting, and filing each answer in the thread and chat list caches (including
 * the lock the server may report).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG, type TChatMessage } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call, upload } from './call';
import { threadKey, updateChatList, updateThread } from './useChats';
import { applyEdited, applyNewMessage } from '../lib/chats/chatList';
import { addMessage, removeMessage, replaceMessage } from '../lib/chats/thread';
import type { OutboxItem } from '../lib/chats/outbox';
import { loadOutboxBlob } from '../lib/chats/outboxBlobs';
import { outboxRequest } from '../lib/chats/outboxRequest';
import { keepSentPhoto } from '../lib/chats/sentPhotos';
import type { SendResult } from '../lib/chats/outboxStore';
import { CHAT_TEXT } from '../lib/chats/texts';
import type { ChatThread } from '../lib/chats/types';

/** A message the member sent (from any screen or device) goes into both caches. */
function applySentMessage(qc: QueryClient, m: TChatMessage) {
  updateThread(qc, m.chat_id, (t) => addMessage(t, m));
  updateChatList(qc, (chats) => applyNewMessage(chats, m, m.sender_id));
}

/** The server says this side is locked: the screen shows the hint and the unlock modal. */
function markLocked(qc: QueryClient, chatId: number) {
  updateThread(qc, chatId, (t) => ({
    ...t,
    chat: {
      ...t.chat,
      is_locked_for_user: true,
      locked_sender: t.chat.is_sender || t.chat.locked_sender,
      locked_receiver: !t.chat.is_sender || t.chat.locked_receiver,
    },
  }));
}

const isLockedAnswer = (res: ApiResult) => !res.success && res.error === 'chat_locked';

/**
 * Sends one outbox message (text, photo or voice, with its client id) and files the answer in
 * the caches. A photo or voice message whose bytes were lost is refused here, visibly.
 */
export async function sendOutboxItem(qc: QueryClient, item: OutboxItem): Promise<SendResult> {
  const blob = item.kind === 'text' ? null : await loadOutboxBlob(item.local_id);
  const request = outboxRequest(item, blob);
  if (!request) return { kind: 'failed', error: CHAT_TEXT.mediaLost };
  // The phone has the photo's bytes: the stored message's bubble shows them (it may come by
  // realtime before the answer), nothing is downloaded back.
  if (item.kind === 'image' && blob) keepSentPhoto(item.client_id, blob);
  const res =
    request.kind === 'text'
      ? await call('messages.text', request.input)
      : await upload(request.name, request.form);
  if (res.success && res.data) {
    applySentMessage(qc, res.data);
    refreshLockAfterIntro(qc, item.chat_id, res.data.sender_id);
    return { kind: 'sent' };
  }
  if (res.httpStatus === 0) return { kind: 'network' };
  if (isLockedAnswer(res)) {
    markLocked(qc, item.chat_id);
    return { kind: 'locked' };
  }
  if (res.httpStatus === 404) return { kind: 'failed', error: CHAT_TEXT.notFound };
  return { kind: 'failed', error: firstError(res) || MSG.generic };
}

/**
 * The lock rule lets the starter of a contact chat write one introduction, then locks their
 * side until an answer: after that first message, ask the server for the new lock state.
 */
function refreshLockAfterIntro(qc: QueryClient, chatId: number, meId: number) {
  const t = qc.getQueryData<ChatThread>(threadKey(chatId));
  if (!t || t.chat.origin !== 'contact' || !t.chat.is_sender || t.chat.is_locked_for_user) return;
  if (t.messages.some((m) => m.sender_id !== meId)) return;
  void qc.invalidateQueries({ queryKey: threadKey(chatId) });
}

/** DELETE /messages/{id}: only one's own unread messages (403 / 409 otherwise). */
export function useDeleteMessage(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) => {
      const res = await call('messages.delete', { id: messageId });
      if (!res.success) {
        throw new ApiError(
          res.httpStatus === 0 ? MSG.network : firstError(res) || MSG.generic,
          res,
        );
      }
      return messageId;
    },
    onSuccess: (messageId) => {
      updateThread(qc, chatId, (t) => removeMessage(t, messageId));
      updateChatList(qc, (chats) =>
        chats.some((c) => c.id === chatId && c.last_message?.message_id === messageId)
          ? null
          : chats,
      );
    },
  });
}

/** An edited message (own edit or message.updated) into the thread and the list's preview. */
function applyEditedMessage(qc: QueryClient, m: TChatMessage) {
  updateThread(qc, m.chat_id, (t) => replaceMessage(t, m));
  updateChatList(qc, (chats) => applyEdited(chats, m));
}

/** PUT /messages/{id}/edit {content}: one's own text messages only (403 / 422 otherwise). */
export function useEditMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { messageId: number; content: string }) => {
      const res = await call('messages.edit', { id: v.messageId, content: v.content });
      if (!res.success || !res.data) {
        const msg =
          res.httpStatus === 0 ? CHAT_TEXT.editNetworkError : firstError(res) || MSG.generic;
        throw new ApiError(msg, res);
      }
      return res.data;
    },
    onSuccess: (m) => applyEditedMessage(qc, m),
  });
}
