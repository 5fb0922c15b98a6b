/** SQL for notifications: insert, the caller's page, unread count, marking read. */
import type { TNotificationType } from '@app/shared';
import { one, type Sql } from '../../db/db.js';

export interface NotificationRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  type: TNotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
}

/** The same notification for one or many members in one statement (every notify uses it). */
export function insertNotifications(
  sql: Sql,
  n: { userIds: number[]; type: TNotificationType; title: string; message: string; data: object },
) {
  return sql.query<NotificationRow>(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT u, $2, $3, $4, $5 FROM unnest($1::bigint[]) AS u
     RETURNING id, user_id, type, title, message, data, created_at, read_at`,
    [n.userIds, n.type, n.title, n.message, JSON.stringify(n.data)],
  );
}

export function findNotifications(sql: Sql, userId: number, limit: number, offset: number) {
  return sql.query<NotificationRow>(
    `SELECT id, user_id, type, title, message, data, created_at, read_at FROM notifications
      WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

export async function countUnread(sql: Sql, userId: number) {
  const row = await one<{ n: number }>(
    sql,
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return row?.n ?? 0;
}

/** Marks one of the member's own notifications read; false when it is not theirs. */
export async function markRead(sql: Sql, userId: number, id: number) {
  const rows = await sql.query(
    `UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId],
  );
  return rows.length === 1;
}

export async function markAllRead(sql: Sql, userId: number) {
  await sql.query(
    'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
}

/** Marks read the chat_message notifications of one chat (opening the chat reads them). */
export async function markChatNotificationsRead(sql: Sql, userId: number, chatId: number) {
  await sql.query(
    `UPDATE notifications SET read_at = now()
      WHERE user_id = $1 AND read_at IS NULL AND type = 'chat_message' AND (data->>'chat_id')::bigint = $2`,
    [userId, chatId],
  );
}
