/** SQL for chats and their participants. */
import { one, type Sql } from '../../db/db.js';
import { notBlockedSql } from '../safety/blocks.js';

export interface ChatRow extends Record<string, unknown> {
  id: number;
  user_low_id: number;
  user_high_id: number;
  origin: 'contact' | 'match';
  locked_sender: boolean;
  locked_receiver: boolean;
  unlock_cost: number;
  created_at: Date;
  updated_at: Date;
  /** The caller's participant row. */
  me_participant_id: number;
  me_muted: boolean;
  me_left_at: Date | null;
  me_history_from_id: number;
  /** The other member. */
  other_id: number;
  other_participant_id: number;
  other_name: string | null;
  other_photo_key: string | null;
  other_last_seen_at: Date | null;
  other_offline_at: Date | null;
  other_left_at: Date | null;
  other_deleted_at: Date | null;
}

const CHAT_SELECT = `
  SELECT c.id, c.user_low_id, c.user_high_id, c.origin, c.locked_sender, c.locked_receiver,
         c.unlock_cost, c.created_at, c.updated_at,
         me.id AS me_participant_id, me.muted AS me_muted, me.left_at AS me_left_at,
         me.history_from_id AS me_history_from_id,
         o.user_id AS other_id, o.id AS other_participant_id, o.left_at AS other_left_at,
         u.name AS other_name, u.photo_key AS other_photo_key, u.last_seen_at AS other_last_seen_at,
         u.presence_offline_at AS other_offline_at, u.deleted_at AS other_deleted_at
    FROM chats c
    JOIN chat_participants me ON me.chat_id = c.id AND me.user_id = $2
    JOIN chat_participants o ON o.chat_id = c.id AND o.user_id <> $2
    JOIN users u ON u.id = o.user_id`;

/** The chat as seen by `userId`, or undefined when they are not in it (or it is hidden for them). */
export const findChatForUser = (
  sql: Sql,
  chatId: number,
  userId: number,
  opts: { lock?: boolean } = {},
) =>
  one<ChatRow>(
    sql,
    `${CHAT_SELECT} WHERE c.id = $1 AND me.left_at IS NULL AND ${notBlockedSql('$2', 'o.user_id')}
     ${opts.lock ? 'FOR UPDATE OF c' : ''}`,
    [chatId, userId],
  );

export const findChatIdForPair = async (sql: Sql, a: number, b: number) =>
  (
    await one<{ id: number }>(
      sql,
      'SELECT id FROM chats WHERE user_low_id = $1 AND user_high_id = $2',
      [Math.min(a, b), Math.max(a, b)],
    )
  )?.id;

/**
 * Creates the chat of a pair, or returns the existing one. The creator's participant row is
 * inserted first, so the creator holds the lowest participant id: the spec's "sender".
 */
export async function insertChat(tx: Sql, creatorId: number, otherId: number) {
  const row = await one<{ id: number }>(
    tx,
    `INSERT INTO chats (user_low_id, user_high_id) VALUES ($1, $2)
     ON CONFLICT (user_low_id, user_high_id) DO NOTHING RETURNING id`,
    [Math.min(creatorId, otherId), Math.max(creatorId, otherId)],
  );
  if (!row) return null;
  await tx.query('INSERT INTO chat_participants (chat_id, user_id) VALUES ($1, $2)', [
    row.id,
    creatorId,
  ]);
  await tx.query('INSERT INTO chat_participants (chat_id, user_id) VALUES ($1, $2)', [
    row.id,
    otherId,
  ]);
  return row.id;
}

/** A member who left comes back with a fresh history (earlier messages stay hidden for them). */
export async function rejoinChat(sql: Sql, chatId: number, userId: number) {
  await sql.query(
    `UPDATE chat_participants SET left_at = NULL,
        history_from_id = coalesce((SELECT max(id) FROM messages WHERE chat_id = $1), 0)
      WHERE chat_id = $1 AND user_id = $2 AND left_at IS NOT NULL`,
    [chatId, userId],
  );
}

export async function leaveChat(sql: Sql, chatId: number, userId: number) {
  await sql.query(
    'UPDATE chat_participants SET left_at = now() WHERE chat_id = $1 AND user_id = $2',
    [chatId, userId],
  );
}

export async function setMuted(sql: Sql, chatId: number, userId: number, muted: boolean) {
  await sql.query('UPDATE chat_participants SET muted = $3 WHERE chat_id = $1 AND user_id = $2', [
    chatId,
    userId,
    muted,
  ]);
}

export async function setLocks(
  sql: Sql,
  chatId: number,
  locks: { sender?: boolean; receiver?: boolean },
) {
  await sql.query(
    `UPDATE chats SET locked_sender = coalesce($2, locked_sender), locked_receiver = coalesce($3, locked_receiver),
       unlocked_at = CASE WHEN $2 IS FALSE OR $3 IS FALSE THEN now() ELSE unlocked_at END WHERE id = $1`,
    [chatId, locks.sender ?? null, locks.receiver ?? null],
  );
}

export async function touchChat(sql: Sql, chatId: number) {
  await sql.query('UPDATE chats SET updated_at = now() WHERE id = $1', [chatId]);
}

export interface ChatListRow extends Record<string, unknown> {
  id: number;
  updated_at: Date;
  locked_sender: boolean;
  locked_receiver: boolean;
  me_participant_id: number;
  other_participant_id: number;
  me_muted: boolean;
  other_id: number;
  other_name: string | null;
  other_photo_key: string | null;
  other_last_seen_at: Date | null;
  other_offline_at: Date | null;
  other_deleted_at: Date | null;
  unread_count: number;
  last_id: number | null;
  last_sender_id: number | null;
  last_type: 'text' | 'image' | 'audio' | null;
  last_content: string | null;
  last_created_at: Date | null;
  last_read_at: Date | null;
}

/** The member's chats, newest activity first; last message and unread count per chat. */
export function findChatsForUser(sql: Sql, userId: number, limit: number, offset: number) {
  return sql.query<ChatListRow>(
    `SELECT c.id, c.updated_at, c.locked_sender, c.locked_receiver,
            me.id AS me_participant_id, o.id AS other_participant_id, me.muted AS me_muted,
            o.user_id AS other_id, u.name AS other_name, u.photo_key AS other_photo_key,
            u.last_seen_at AS other_last_seen_at, u.presence_offline_at AS other_offline_at,
            u.deleted_at AS other_deleted_at,
            (SELECT count(*)::int FROM messages m
              WHERE m.chat_id = c.id AND m.sender_id <> $1 AND m.read_at IS NULL
                AND m.deleted_at IS NULL AND m.id > me.history_from_id) AS unread_count,
            lm.id AS last_id, lm.sender_id AS last_sender_id, lm.type AS last_type,
            lm.content AS last_content, lm.created_at AS last_created_at, lm.read_at AS last_read_at
       FROM chat_participants me
       JOIN chats c ON c.id = me.chat_id
       JOIN chat_participants o ON o.chat_id = c.id AND o.user_id <> $1
       JOIN users u ON u.id = o.user_id
       LEFT JOIN LATERAL (
         SELECT m.id, m.sender_id, m.type, m.content, m.created_at, m.read_at FROM messages m
          WHERE m.chat_id = c.id AND m.deleted_at IS NULL AND m.id > me.history_from_id
          ORDER BY m.id DESC LIMIT 1) lm ON true
      WHERE me.user_id = $1 AND me.left_at IS NULL AND ${notBlockedSql('$1', 'o.user_id')}
      ORDER BY c.updated_at DESC, c.id DESC
      LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** The member's chats and partners, for presence fan-out (blocked pairs left out). */
export function chatPartnersOfUser(sql: Sql, userId: number) {
  return sql.query<{ chat_id: number; partner_id: number }>(
    `SELECT me.chat_id, o.user_id AS partner_id FROM chat_participants me
       JOIN chat_participants o ON o.chat_id = me.chat_id AND o.user_id <> me.user_id
      WHERE me.user_id = $1 AND me.left_at IS NULL AND ${notBlockedSql('$1', 'o.user_id')}`,
    [userId],
  );
}

export async function isParticipant(sql: Sql, chatId: number, userId: number) {
  return !!(await one(
    sql,
    `SELECT 1 AS x FROM chat_participants me JOIN chat_participants o ON o.chat_id = me.chat_id AND o.user_id <> me.user_id
      WHERE me.chat_id = $1 AND me.user_id = $2 AND me.left_at IS NULL AND ${notBlockedSql('$2', 'o.user_id')}`,
    [chatId, userId],
  ));
}
