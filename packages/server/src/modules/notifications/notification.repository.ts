/** Queries on notifications: insert, the caller's page, unread count, marking read. */
import { sql, type Selectable } from 'kysely';
import type { TNotificationData, TNotificationType } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { Notifications } from '../../db/schema.gen.js';

export type NotificationRow = Selectable<Notifications>;

const COLUMNS = [
  'id',
  'user_id',
  'type',
  'title',
  'message',
  'data',
  'created_at',
  'read_at',
] as const;

/**
 * The same notification for one or many members in one statement (every notify uses it): one
 * array parameter unnested, whatever the number of members (the `sql` template where needed).
 */
export function insertNotifications(
  db: Database,
  n: {
    userIds: number[];
    type: TNotificationType;
    title: string;
    message: string;
    data: TNotificationData;
  },
) {
  return db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'title', 'message', 'data'])
    .expression((eb) =>
      eb
        .selectFrom(sql<{ u: number }>`unnest(${n.userIds}::bigint[])`.as('u'))
        .select((s) => [
          'u',
          s.val(n.type).as('type'),
          s.val(n.title).as('title'),
          s.val(n.message).as('message'),
          s.val(JSON.stringify(n.data)).as('data'),
        ]),
    )
    .returning(COLUMNS)
    .execute();
}

export function findNotifications(db: Database, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countUnread(db: Database, userId: number) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Marks one of the member's own notifications read; false when it is not theirs. */
export async function markRead(db: Database, userId: number, id: number) {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Database, userId: number) {
  await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Marks read the chat_message notifications of one chat (opening the chat reads them). */
export async function markChatNotificationsRead(db: Database, userId: number, chatId: number) {
  await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('type', '=', 'chat_message')
    .where(sql<number>`(data->>'chat_id')::bigint`, '=', chatId)
    .execute();
}
