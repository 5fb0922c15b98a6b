/**
 * What follows a committed send: the `message.sent` event to the chat room and the recipient's
 * chat_message notification. The message is stored by then, so a failure here is logged and
 * never becomes the sender's error: a 500 would make the device retry (and, without a client
 * id, duplicate) a message that got through.
 */
import type { Deps } from '../../deps.js';
import { REALTIME_EVENTS, chatRoom, clipPreview, type TMessageType } from '@app/shared';
import type { ChatRow } from './chat.repository.js';
import type { MessageRow } from './message.repository.js';
import { emitMessage } from './chat.service.js';
import { isMarkedOffline } from './presence.js';
import { isMutedBy } from './chat.repository.js';
import { findMemberCard } from './member.repository.js';

export async function announceSentMessage(
  deps: Deps,
  chat: ChatRow,
  senderId: number,
  message: MessageRow,
  content: string,
) {
  try {
    emitMessage(deps, chat, REALTIME_EVENTS.messageSent, message);
    await notifyRecipient(deps, chat, senderId, message, content);
  } catch (err) {
    deps.log.error({ err, chatId: chat.id, messageId: message.id }, 'sent message not announced');
  }
}

/** What the bell shows of a message: a text's start, ended on a word with an ellipsis. */
export function previewOf(type: TMessageType, content: string): string {
  return type === 'image'
    ? '📷 Photo'
    : type === 'audio'
      ? '🎵 Message vocal'
      : clipPreview(content);
}

/** A chat_message notification, unless the recipient muted the chat or is looking at it. */
async function notifyRecipient(
  deps: Deps,
  chat: ChatRow,
  senderId: number,
  { id: messageId, type }: { id: number; type: TMessageType },
  content: string,
) {
  const recipient = chat.other_id;
  if (await isMutedBy(deps.db, chat.id, recipient)) return;
  const watching = (await deps.realtime.fetchSockets(chatRoom(chat.id))).some(
    (s) => (s.data as { userId?: number }).userId === recipient,
  );
  // A phone locked on an open chat keeps its socket in the room for a while; the app then says
  // it is away (mark-offline), and the member must still hear of the message.
  const away = isMarkedOffline({
    lastSeenAt: chat.other_last_seen_at,
    offlineAt: chat.other_offline_at,
  });
  if (watching && !away) return;
  const sender = await findMemberCard(deps.db, senderId);
  const preview = previewOf(type, content);
  await deps.notify(recipient, 'chat_message', {
    chat_id: chat.id,
    sender_id: senderId,
    sender_name: sender.name ?? 'Un membre',
    preview,
    message: preview,
    message_id: messageId,
  });
}
