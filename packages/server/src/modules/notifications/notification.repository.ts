/**
 * Queries on notifications: insert (a chat's messages into its one unread row, its read ones
 * forgotten), the caller's page, unread count, marking read, a message's preview revised.
 */
import { sql, type Selectable } from 'kysely';
import type { TNotificationData, TNotificationType } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { Notifications } from '../../db/schema.gen.js';
import type { PushTarget } from '../../adapters/push/web-push.js';

export type NotificationRow = Selectable<Notifications>;

/** A notification just stored, with its member's Web Push subscriptions read in the same statement. */
export type StoredNotification = NotificationRow & { push_targets: PushTarget[] };

/**
 * The member's subscriptions beside a stored notification (RETURNING), so sending its Web Push
 * costs no statement of its own: one round trip less for every message (issue 31).
 */
const pushTargets = sql<PushTarget[]>`(SELECT coalesce(json_agg(json_build_object(
    'id', p.id, 'endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth)), '[]'::json)
  FROM push_subscriptions p WHERE p.user_id = notifications.user_id)`.as('push_targets');

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
    .returning(pushTargets)
    .execute() satisfies Promise<StoredNotification[]>;
}

/**
 * A chat message for the member: a new row, or, while the chat's notification is unread, that
 * row updated (data merged with the newest, `count` one more, time now, its text the counted
 * one: `counted.before` count `counted.after`). One statement on the partial unique index of
 * migration 016, so concurrent sends meet on the same row, one after the other.
 */
export function upsertUnreadChatMessage(
  db: Database,
  n: {
    userId: number;
    title: string;
    message: string;
    counted: { before: string; after: string };
    data: TNotificationData;
  },
) {
  const count = sql<number>`coalesce((notifications.data->>'count')::int, 1) + 1`;
  // In the same statement, the chat's read notification goes: the one written here replaces it
  // (unread, it is never among the deleted rows), so the bell lists each chat once.
  return db
    .with('replaced', (qb) =>
      qb
        .deleteFrom('notifications')
        .where('user_id', '=', n.userId)
        .where('type', '=', 'chat_message')
        .where('read_at', 'is not', null)
        .where(sql<number>`(data->>'chat_id')::bigint`, '=', n.data.chat_id ?? null)
        .returning('id'),
    )
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type: 'chat_message',
      title: n.title,
      message: n.message,
      data: JSON.stringify({ ...n.data, count: 1 }),
    })
    .onConflict((oc) =>
      oc
        .expression(sql`user_id, ((data->>'chat_id')::bigint)`)
        .where(sql<boolean>`type = 'chat_message' and read_at is null`)
        .doUpdateSet({
          data: sql<string>`notifications.data || excluded.data || jsonb_build_object('count', ${count})`,
          message: sql<string>`${n.counted.before}::text || (${count})::text || ${n.counted.after}::text`,
          created_at: sql<Date>`now()`,
        }),
    )
    .returning(COLUMNS)
    .returning(pushTargets)
    .executeTakeFirstOrThrow() satisfies Promise<StoredNotification>;
}

export function setMessage(db: Database, id: number, message: string) {
  return db.updateTable('notifications').set({ message }).where('id', '=', id).execute();
}

/** Newest first by time: a chat's notification moves up when a message updates it. */
export function findNotifications(db: Database, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
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
/**
 * The chat_message notifications whose preview is of `messageId`, given `preview` instead (the
 * message was edited or deleted); their rows as they now are, for their text to follow.
 */
export function reviseMessagePreview(db: Database, messageId: number, preview: string) {
  return db
    .updateTable('notifications')
    .set({
      data: sql<string>`data || jsonb_build_object('preview', ${preview}::text, 'message', ${preview}::text)`,
    })
    .where('type', '=', 'chat_message')
    .where(sql<string>`data->>'message_id'`, '=', String(messageId))
    .returning(COLUMNS)
    .execute();
}

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
