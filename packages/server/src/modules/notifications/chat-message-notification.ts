/**
 * One notification per chat: while the member has not read the chat's chat_message
 * notification (or opened the chat, which reads it), each new message of that chat updates it
 * (counted, latest preview, newest time, 'Awa vous a envoyé 8 messages') instead of adding one
 * to the bell. Once read, the next message starts a new one, which replaces the read one: the
 * bell lists each chat once, read or unread, never one row per message.
 */
import { NOTIFICATION_INFO, chatMessagesCounted, type TNotificationData } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import {
  reviseMessagePreview,
  setMessage,
  upsertUnreadChatMessage,
  type StoredNotification,
} from './notification.repository.js';

/**
 * The chat's unread notification for the member, created or updated, in one statement: its text
 * follows its count there (the count is the database's; the words are the shared ones).
 */
export function storeChatMessage(
  db: Database,
  userId: number,
  data: TNotificationData,
): Promise<StoredNotification> {
  const info = NOTIFICATION_INFO.chat_message;
  // Names cannot hold a NUL (PostgreSQL text never does): it marks where the count goes.
  const [before = '', after = ''] = chatMessagesCounted(data.sender_name, '\0').split('\0');
  return upsertUnreadChatMessage(db, {
    userId,
    title: info.title,
    message: info.message({ ...data, count: 1 }),
    counted: { before, after },
    data,
  });
}

/**
 * A message edited or deleted: the bell's preview of it says what members now see (the new text,
 * or « Message supprimé »), never the original; the notification's text follows.
 */
export async function reviseChatMessagePreview(db: Database, messageId: number, preview: string) {
  const info = NOTIFICATION_INFO.chat_message;
  for (const row of await reviseMessagePreview(db, messageId, preview)) {
    const message = info.message(row.data);
    if (message !== row.message) await setMessage(db, row.id, message);
  }
}
