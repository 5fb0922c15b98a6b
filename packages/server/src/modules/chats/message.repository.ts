/** Queries on messages (Kysely, typed from schema.gen.ts). */
import { sql } from 'kysely';
import type { TMessageStatus, TMessageType } from '@app/shared';
import type { Database } from '../../db/kysely.js';

const COLS = [
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

/** The text columns that only hold our unions. */
type Narrow = { type: TMessageType; status: TMessageStatus };

const selectMessages = (db: Database) =>
  db.selectFrom('messages').select(COLS).$narrowType<Narrow>();

export async function insertMessage(
  trx: Database,
  m: {
    chatId: number;
    senderId: number;
    type: TMessageType;
    content: string;
    fileKey?: string;
    durationS?: number;
    replyToId?: number | null;
    clientId?: string;
    /** The scam shield's flag (scam-shield.ts decides it). */
    safetyFlag?: boolean;
  },
) {
  return trx
    .insertInto('messages')
    .values((eb) => ({
      chat_id: m.chatId,
      sender_id: m.senderId,
      type: m.type,
      content: m.content,
      file_key: m.fileKey ?? null,
      duration_s: m.durationS ?? null,
      // A reply to a message of another chat (or a deleted one) is stored as no reply.
      reply_to_id:
        m.replyToId == null
          ? null
          : eb
              .selectFrom('messages')
              .select('id')
              .where('id', '=', m.replyToId)
              .where('chat_id', '=', m.chatId)
              .where('deleted_at', 'is', null),
      client_id: m.clientId ?? null,
      safety_flag: m.safetyFlag ?? false,
    }))
    .returning(COLS)
    .$narrowType<Narrow>()
    .executeTakeFirstOrThrow();
}

export type MessageRow = Awaited<ReturnType<typeof insertMessage>>;

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

/** Whether `senderId` ever wrote in the chat (the lock rule's "the other member answered"). */
export async function hasWritten(db: Database, chatId: number, senderId: number) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('sender_id', '=', senderId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
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
