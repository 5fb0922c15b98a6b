/**
 * Writes a planned demo activity with set-based statements (unnest): swipes, chats and their
 * participant rows, messages, then notifications, each chat-related one given its chat's id.
 * Rows go in oldest first, so their ids follow time as they do when members write.
 */
import { CHAT_UNLOCK_COST, NOTIFICATION_INFO, type TNotificationData } from '@app/shared';
import type { Sql } from '../../../db.js';
import type { ActivityPlan, PlannedChat, PlannedNotification } from './model.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

type CreatedChat = PlannedChat & { id: number };

async function insertSwipes(tx: Sql, swipes: ActivityPlan['swipes']): Promise<void> {
  await tx.query(
    `INSERT INTO swipes (swiper_id, target_id, action, created_at, updated_at)
     SELECT s, t, 'like', a, a FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(s, t, a)
     ON CONFLICT DO NOTHING`,
    [swipes.map((s) => s.swiperId), swipes.map((s) => s.targetId), swipes.map((s) => iso(s.at))],
  );
}

/** The chats not there yet, with their new ids, and every chat's id by pair. */
async function insertChats(tx: Sql, chats: readonly PlannedChat[]) {
  const chatRows = await tx.query<{ id: number; user_low_id: number; user_high_id: number }>(
    `INSERT INTO chats (user_low_id, user_high_id, origin, locked_sender, unlocked_at, created_at,
                        updated_at, unlock_cost)
     SELECT least(f, s), greatest(f, s), o, l, u, c, m, $8::int
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[], $5::timestamptz[],
                   $6::timestamptz[], $7::timestamptz[]) AS x(f, s, o, l, u, c, m)
     ON CONFLICT DO NOTHING RETURNING id, user_low_id, user_high_id`,
    [
      chats.map((c) => c.firstId),
      chats.map((c) => c.secondId),
      chats.map((c) => c.origin),
      chats.map((c) => c.lockedSender),
      chats.map((c) => iso(c.unlockedAt)),
      chats.map((c) => iso(c.createdAt)),
      chats.map((c) => iso(c.updatedAt)),
      CHAT_UNLOCK_COST,
    ],
  );
  const chatId = new Map(chatRows.map((r) => [pairKey(r.user_low_id, r.user_high_id), r.id]));
  const created: CreatedChat[] = chats.flatMap((c) => {
    const id = chatId.get(pairKey(c.firstId, c.secondId));
    return id === undefined ? [] : [{ ...c, id }];
  });
  return { chatId, created };
}

/** The starter's participant row first, in its own statement, so it holds the lower id. */
async function insertParticipants(tx: Sql, created: readonly CreatedChat[]): Promise<void> {
  for (const side of ['firstId', 'secondId'] as const) {
    await tx.query(
      `INSERT INTO chat_participants (chat_id, user_id, created_at)
       SELECT c, u, a FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(c, u, a)`,
      [created.map((c) => c.id), created.map((c) => c[side]), created.map((c) => iso(c.createdAt))],
    );
  }
}

/** Oldest first, so message ids follow time as they do when members write. */
async function insertMessages(tx: Sql, created: readonly CreatedChat[]): Promise<number> {
  const messages = created
    .flatMap((c) => c.messages.map((m) => ({ ...m, chatId: c.id })))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await tx.query(
    `INSERT INTO messages (chat_id, sender_id, type, content, status, delivered_at, read_at, created_at)
     SELECT c, s, 'text', t, st, d, r, a
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::timestamptz[],
                   $6::timestamptz[], $7::timestamptz[]) WITH ORDINALITY AS x(c, s, t, st, d, r, a, n)
      ORDER BY n`,
    [
      messages.map((m) => m.chatId),
      messages.map((m) => m.senderId),
      messages.map((m) => m.content),
      messages.map((m) => m.status),
      messages.map((m) => iso(m.deliveredAt)),
      messages.map((m) => iso(m.readAt)),
      messages.map((m) => iso(m.createdAt)),
    ],
  );
  return messages.length;
}

/** Oldest first too: the bell lists notifications newest first, by time then id. */
async function insertNotifications(
  tx: Sql,
  planned: readonly PlannedNotification[],
  chatId: ReadonlyMap<string, number>,
): Promise<number> {
  const notifications = planned.map((n) => {
    const id = n.chatWith ? chatId.get(pairKey(n.chatWith.a, n.chatWith.b)) : undefined;
    const data: TNotificationData = id === undefined ? n.data : { chat_id: id, ...n.data };
    const info = NOTIFICATION_INFO[n.type];
    return { ...n, data, title: info.title, message: info.message(data) };
  });
  await tx.query(
    `INSERT INTO notifications (user_id, type, title, message, data, created_at, read_at)
     SELECT u, ty, ti, m, d, a, r
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::jsonb[],
                   $6::timestamptz[], $7::timestamptz[]) WITH ORDINALITY AS x(u, ty, ti, m, d, a, r, n)
      ORDER BY n`,
    [
      notifications.map((n) => n.userId),
      notifications.map((n) => n.type),
      notifications.map((n) => n.title),
      notifications.map((n) => n.message),
      notifications.map((n) => JSON.stringify(n.data)),
      notifications.map((n) => iso(n.createdAt)),
      notifications.map((n) => iso(n.readAt)),
    ],
  );
  return notifications.length;
}

/** Inserts the plan; returns how many rows it added. */
export async function insertPlan(tx: Sql, plan: ActivityPlan): Promise<number> {
  await insertSwipes(tx, plan.swipes);
  const { chatId, created } = await insertChats(tx, plan.chats);
  await insertParticipants(tx, created);
  const messages = await insertMessages(tx, created);
  const notifications = await insertNotifications(tx, plan.notifications, chatId);
  return plan.swipes.length + created.length + messages + notifications;
}
