/** Queries on messages (Kysely, typed from schema.gen.ts). */
import { sql } from 'kysely';
import type { TMessageStatus, TMessageType } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { notBlocked } from '../safety/index.js';

/** A message's columns, as every query here reads them (and send.repository.ts too). */
export const MESSAGE_COLUMNS = [
  'id',
  'chat_id',
  'sender_id',
  'type',
  'content',
  'file_key',
  'duration_s',
  'reply_to_id',
  'status',
  'created_at',
  'read_at',
  'edited_at',
  'deleted_at',
  'client_id',
  'safety_flag',
] as const;
const COLS = MESSAGE_COLUMNS;

/** The text columns that only hold our unions. */
type Narrow = { type: TMessageType; status: TMessageStatus };

const selectMessages = (db: Database) =>
  db.selectFrom('messages').select(COLS).$narrowType<Narrow>();

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessageByClientId>>>;

/** A page of messages older than `beforeId`, skipping `offset` (newest first; callers reverse). */
export function findMessages(
  db: Database,
  chatId: number,
  fromId: number,
  beforeId: number | null,
  limit: number,
  offset = 0,
) {
  let q = selectMessages(db)
    .where('chat_id', '=', chatId)
    .where('deleted_at', 'is', null)
    .where('id', '>', fromId);
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export function searchMessages(
  db: Database,
  chatId: number,
  fromId: number,
  query: string,
  limit: number,
  offset: number,
) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectMessages(db)
    .where('chat_id', '=', chatId)
    .where('deleted_at', 'is', null)
    .where('id', '>', fromId)
    .where('type', '=', 'text')
    .where('content', 'ilike', pattern)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The sender's message stored under a device's client id (deleted ones included). */
export function findMessageByClientId(db: Database, senderId: number, clientId: string) {
  return selectMessages(db)
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function findMessageById(db: Database, id: number, opts: { lock?: boolean } = {}) {
  const q = selectMessages(db).where('id', '=', id).where('deleted_at', 'is', null);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Marks the other member's messages delivered; answers the ids changed. */
export async function markDelivered(
  db: Database,
  chatId: number,
  readerId: number,
  upToId: number | null,
) {
  let q = db
    .updateTable('messages')
    .set({ status: 'delivered', delivered_at: sql<Date>`now()` })
    .where('chat_id', '=', chatId)
    .where('sender_id', '<>', readerId)
    .where('status', '=', 'sent')
    .where('deleted_at', 'is', null);
  if (upToId !== null) q = q.where('id', '<=', upToId);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Marks the other member's messages read (all, or up to one id); answers the ids changed. */
export async function markRead(
  db: Database,
  chatId: number,
  readerId: number,
  upToId: number | null,
) {
  let q = db
    .updateTable('messages')
    .set({
      status: 'read',
      read_at: sql<Date>`now()`,
      delivered_at: sql<Date>`coalesce(delivered_at, now())`,
    })
    .where('chat_id', '=', chatId)
    .where('sender_id', '<>', readerId)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null);
  if (upToId !== null) q = q.where('id', '<=', upToId);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The read receipt in one statement: `readerId` has read `messageId` and everything the other
 * member wrote before it in the chat. Undefined when the message is not theirs to see (not in
 * the chat, left it, a block, deleted, before their history); `ids` the messages marked, none
 * when it is their own message.
 */
export async function markReadThrough(db: Database, messageId: number, readerId: number) {
  const { rows } = await sql<{
    chat_id: number;
    sender_id: number;
    user_low_id: number;
    user_high_id: number;
    ids: number[];
    /** « Confirmations de lecture » off on either side (issue 29): the « Lu » stays the reader's. */
    marks_hidden: boolean;
  }>`
    WITH target AS (
      SELECT m.id, m.chat_id, m.sender_id, c.user_low_id, c.user_high_id
        FROM messages m
        JOIN chats c ON c.id = m.chat_id
        JOIN chat_participants me
          ON me.chat_id = m.chat_id AND me.user_id = ${readerId}::bigint AND me.left_at IS NULL
        JOIN chat_participants o ON o.chat_id = m.chat_id AND o.user_id <> ${readerId}::bigint
       WHERE m.id = ${messageId}::bigint
         AND m.deleted_at IS NULL
         AND m.id > me.history_from_id
         AND ${notBlocked(readerId, 'o.user_id')}
    ),
    marked AS (
      UPDATE messages r
         SET status = 'read', read_at = now(), delivered_at = coalesce(r.delivered_at, now())
        FROM target t
       WHERE t.sender_id <> ${readerId}::bigint
         AND r.chat_id = t.chat_id
         AND r.sender_id <> ${readerId}::bigint
         AND r.read_at IS NULL
         AND r.deleted_at IS NULL
         AND r.id <= t.id
      RETURNING r.id
    )
    SELECT t.chat_id, t.sender_id, t.user_low_id, t.user_high_id,
           coalesce((SELECT json_agg(marked.id ORDER BY marked.id) FROM marked), '[]'::json) AS ids,
           EXISTS (SELECT 1 FROM member_settings ms
                    WHERE ms.user_id IN (t.user_low_id, t.user_high_id)
                      AND NOT ms.read_receipts) AS marks_hidden
      FROM target t
  `.execute(db);
  return rows[0];
}

export async function softDeleteMessage(db: Database, id: number) {
  await db
    .updateTable('messages')
    .set({ deleted_at: sql<Date>`now()`, content: '', file_key: null })
    .where('id', '=', id)
    .execute();
}

/** A new text for a message; a flag once set stays (the edit may not hide what was flagged). */
export function updateMessageContent(db: Database, id: number, content: string, flag = false) {
  return db
    .updateTable('messages')
    .set((eb) => ({
      content,
      edited_at: sql<Date>`now()`,
      safety_flag: flag ? true : eb.ref('safety_flag'),
    }))
    .where('id', '=', id)
    .returning(COLS)
    .$narrowType<Narrow>()
    .executeTakeFirst();
}

/**
 * A report's messages: `senderId`'s flagged messages of the chat and their last `last` ones,
 * newest first, each once. Deleted ones count too: the console shows that they were deleted
 * (and, when it was kept, what they said), so deleting cannot empty a report.
 */
export function evidenceOf(db: Database, chatId: number, senderId: number, last: number) {
  return selectMessages(db)
    .where('chat_id', '=', chatId)
    .where('sender_id', '=', senderId)
    .where((eb) =>
      eb.or([
        eb('safety_flag', '=', true),
        eb(
          'id',
          'in',
          eb
            .selectFrom('messages')
            .select('id')
            .where('chat_id', '=', chatId)
            .where('sender_id', '=', senderId)
            .orderBy('id', 'desc')
            .limit(last),
        ),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** How many messages `senderId` wrote in the chat, counted up to `cap` (deleted ones included). */
export async function countWritten(db: Database, chatId: number, senderId: number, cap: number) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', chatId)
        .where('sender_id', '=', senderId)
        .limit(cap)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A call's line (calls/): a message of type `call` whose content is the outcome, and the chat
 * touched, in one statement.
 */
export function insertCallLine(
  db: Database,
  m: { chatId: number; callerId: number; outcome: string; durationS: number | null },
) {
  return db
    .with('touched', (qb) =>
      qb
        .updateTable('chats')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', m.chatId)
        .returning('id'),
    )
    .insertInto('messages')
    .values({
      chat_id: m.chatId,
      sender_id: m.callerId,
      type: 'call',
      content: m.outcome,
      duration_s: m.durationS,
    })
    .returning(COLS)
    .$narrowType<Narrow>()
    .executeTakeFirstOrThrow();
}
