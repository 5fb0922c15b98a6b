/** SQL for messages. */
import { one, type Sql } from '../../db/db.js';
import type { TMessageStatus, TMessageType } from '@app/shared';

export interface MessageRow extends Record<string, unknown> {
  id: number;
  chat_id: number;
  sender_id: number;
  type: TMessageType;
  content: string;
  file_key: string | null;
  duration_s: number | null;
  reply_to_id: number | null;
  status: TMessageStatus;
  created_at: Date;
  read_at: Date | null;
  edited_at: Date | null;
  deleted_at: Date | null;
  client_id: string | null;
}

const COLS = `id, chat_id, sender_id, type, content, file_key, duration_s, reply_to_id, status,
  created_at, read_at, edited_at, deleted_at, client_id`;

export async function insertMessage(
  tx: Sql,
  m: {
    chatId: number;
    senderId: number;
    type: TMessageType;
    content: string;
    fileKey?: string;
    durationS?: number;
    replyToId?: number | null;
    clientId?: string;
  },
) {
  const row = await one<MessageRow>(
    tx,
    `INSERT INTO messages (chat_id, sender_id, type, content, file_key, duration_s, reply_to_id, client_id)
     VALUES ($1, $2, $3, $4, $5, $6,
       (SELECT id FROM messages WHERE id = $7 AND chat_id = $1 AND deleted_at IS NULL), $8)
     RETURNING ${COLS}`,
    [
      m.chatId,
      m.senderId,
      m.type,
      m.content,
      m.fileKey ?? null,
      m.durationS ?? null,
      m.replyToId ?? null,
      m.clientId ?? null,
    ],
  );
  if (!row) throw new Error('insert message failed');
  return row;
}

/** A page of messages older than `beforeId`, skipping `offset` (newest first; callers reverse). */
export function findMessages(
  sql: Sql,
  chatId: number,
  fromId: number,
  beforeId: number | null,
  limit: number,
  offset = 0,
) {
  return sql.query<MessageRow>(
    `SELECT ${COLS} FROM messages
      WHERE chat_id = $1 AND deleted_at IS NULL AND id > $2 AND ($3::bigint IS NULL OR id < $3)
      ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [chatId, fromId, beforeId, limit, offset],
  );
}

export function searchMessages(
  sql: Sql,
  chatId: number,
  fromId: number,
  query: string,
  limit: number,
  offset: number,
) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql.query<MessageRow>(
    `SELECT ${COLS} FROM messages
      WHERE chat_id = $1 AND deleted_at IS NULL AND id > $2 AND type = 'text' AND content ILIKE $3
      ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [chatId, fromId, pattern, limit, offset],
  );
}

/** The sender's message stored under a device's client id (deleted ones included). */
export const findMessageByClientId = (sql: Sql, senderId: number, clientId: string) =>
  one<MessageRow>(sql, `SELECT ${COLS} FROM messages WHERE sender_id = $1 AND client_id = $2`, [
    senderId,
    clientId,
  ]);

export const findMessageById = (sql: Sql, id: number, opts: { lock?: boolean } = {}) =>
  one<MessageRow>(
    sql,
    `SELECT ${COLS} FROM messages WHERE id = $1 AND deleted_at IS NULL ${opts.lock ? 'FOR UPDATE' : ''}`,
    [id],
  );

/** Marks the other member's messages delivered; answers the ids changed. */
export async function markDelivered(
  sql: Sql,
  chatId: number,
  readerId: number,
  upToId: number | null,
) {
  const rows = await sql.query<{ id: number }>(
    `UPDATE messages SET status = 'delivered', delivered_at = now()
      WHERE chat_id = $1 AND sender_id <> $2 AND status = 'sent' AND deleted_at IS NULL
        AND ($3::bigint IS NULL OR id <= $3) RETURNING id`,
    [chatId, readerId, upToId],
  );
  return rows.map((r) => r.id);
}

/** Marks the other member's messages read (all, or up to one id); answers the ids changed. */
export async function markRead(sql: Sql, chatId: number, readerId: number, upToId: number | null) {
  const rows = await sql.query<{ id: number }>(
    `UPDATE messages SET status = 'read', read_at = now(), delivered_at = coalesce(delivered_at, now())
      WHERE chat_id = $1 AND sender_id <> $2 AND read_at IS NULL AND deleted_at IS NULL
        AND ($3::bigint IS NULL OR id <= $3) RETURNING id`,
    [chatId, readerId, upToId],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function softDeleteMessage(sql: Sql, id: number) {
  await sql.query(
    `UPDATE messages SET deleted_at = now(), content = '', file_key = NULL WHERE id = $1`,
    [id],
  );
}

export async function updateMessageContent(sql: Sql, id: number, content: string) {
  return one<MessageRow>(
    sql,
    `UPDATE messages SET content = $2, edited_at = now() WHERE id = $1 RETURNING ${COLS}`,
    [id, content],
  );
}

export function lastMessages(sql: Sql, chatId: number, limit: number) {
  return sql.query<MessageRow>(
    `SELECT ${COLS} FROM messages WHERE chat_id = $1 AND deleted_at IS NULL ORDER BY id DESC LIMIT $2`,
    [chatId, limit],
  );
}
