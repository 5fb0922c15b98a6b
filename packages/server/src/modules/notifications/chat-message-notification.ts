/**
 * One notification per chat: while the member has not read the chat's chat_message
 * notification (or opened the chat, which reads it), each new message of that chat updates it
 * (counted, latest preview, newest time, 'Awa vous a envoyé 8 messages') instead of adding one
 * to the bell. Once read, the next message starts a new one, which replaces the read one: the
 * bell lists each chat once, read or unread, never one row per message.
 */
import { NOTIFICATION_INFO, type TNotificationData } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import {
  deleteReadChatNotifications,
  reviseMessagePreview,
  setMessage,
  upsertUnreadChatMessage,
  type NotificationRow,
} from './notification.repository.js';

/** The chat's unread notification for the member, created or updated; its text from its count. */
export function storeChatMessage(
  db: Database,
  userId: number,
  data: TNotificationData,
): Promise<NotificationRow> {
  const info = NOTIFICATION_INFO.chat_message;
  // The upsert locks the row until the text follows its count: a concurrent send waits.
  return db.transaction().execute(async (trx) => {
    const row = await upsertUnreadChatMessage(trx, {
      userId,
      title: info.title,
      message: info.message({ ...data, count: 1 }),
      data,
    });
    const message = info.message(row.data);
    if (message !== row.message) await setMessage(trx, row.id, message);
    if (data.chat_id !== undefined) {
      await deleteReadChatNotifications(trx, { userId, chatId: data.chat_id, keepId: row.id });
    }
    return { ...row, message };
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
