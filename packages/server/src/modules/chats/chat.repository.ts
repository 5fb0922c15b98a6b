/** Queries on chats and their participants (Kysely, typed from schema.gen.ts). */
import { sql } from 'kysely';
import { CHAT_UNLOCK_COST } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { notBlocked } from '../safety/index.js';

type ChatOrigin = 'contact' | 'match';
export type LastMessageType = 'text' | 'image' | 'audio' | 'call';

/** The chat as seen by `userId`: their participant row and the other member's. */
function chatQuery(db: Database, userId: number) {
  return db
    .selectFrom('chats as c')
    .innerJoin('chat_participants as me', (j) =>
      j.onRef('me.chat_id', '=', 'c.id').on('me.user_id', '=', userId),
    )
    .innerJoin('chat_participants as o', (j) =>
      j.onRef('o.chat_id', '=', 'c.id').on('o.user_id', '<>', userId),
    )
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'c.id',
      'c.user_low_id',
      'c.user_high_id',
      'c.origin',
      'c.locked_sender',
      'c.locked_receiver',
      'c.unlock_cost',
      'c.created_at',
      'c.updated_at',
      'c.closed_by',
      'c.closed_at',
      'me.id as me_participant_id',
      'me.muted as me_muted',
      'me.left_at as me_left_at',
      'me.history_from_id as me_history_from_id',
      'o.user_id as other_id',
      'o.id as other_participant_id',
      'o.left_at as other_left_at',
      'u.name as other_name',
      'u.photo_key as other_photo_key',
      'u.verified_at as other_verified_at',
      'u.last_seen_at as other_last_seen_at',
      'u.presence_offline_at as other_offline_at',
      'u.deleted_at as other_deleted_at',
    ])
    .$narrowType<{ origin: ChatOrigin }>()
    .where('me.left_at', 'is', null)
    .where(notBlocked(userId, 'o.user_id'));
}

/** The chat as seen by `userId`, or undefined when they are not in it (or it is hidden for them). */
export function findChatForUser(
  db: Database,
  chatId: number,
  userId: number,
  opts: { lock?: boolean } = {},
) {
  const q = chatQuery(db, userId).where('c.id', '=', chatId);
  return (opts.lock ? q.forUpdate('c') : q).executeTakeFirst();
}

export type ChatRow = NonNullable<Awaited<ReturnType<typeof findChatForUser>>>;

export async function findChatIdForPair(db: Database, a: number, b: number) {
  const row = await db
    .selectFrom('chats')
    .select('id')
    .where('user_low_id', '=', Math.min(a, b))
    .where('user_high_id', '=', Math.max(a, b))
    .executeTakeFirst();
  return row?.id;
}

/**
 * Creates the chat of a pair, or returns the existing one. The creator's participant row is
 * inserted first, so the creator holds the lowest participant id: the spec's "sender".
 */
export async function insertChat(trx: Database, creatorId: number, otherId: number) {
  const row = await trx
    .insertInto('chats')
    .values({
      user_low_id: Math.min(creatorId, otherId),
      user_high_id: Math.max(creatorId, otherId),
      // The price of this chat's unlock, fixed when it is created (a later price change leaves
      // existing chats at theirs).
      unlock_cost: CHAT_UNLOCK_COST,
    })
    .onConflict((oc) => oc.columns(['user_low_id', 'user_high_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  for (const userId of [creatorId, otherId]) {
    await trx
      .insertInto('chat_participants')
      .values({ chat_id: row.id, user_id: userId })
      .execute();
  }
  return row.id;
}

/** A member who left comes back with a fresh history (earlier messages stay hidden for them). */
export async function rejoinChat(db: Database, chatId: number, userId: number) {
  await db
    .updateTable('chat_participants')
    .set((eb) => ({
      left_at: null,
      history_from_id: eb.fn.coalesce(
        eb
          .selectFrom('messages')
          .select((m) => m.fn.max('id').as('m'))
          .where('chat_id', '=', chatId),
        eb.lit(0),
      ),
    }))
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .where('left_at', 'is not', null)
    .execute();
}

export async function leaveChat(db: Database, chatId: number, userId: number) {
  await db
    .updateTable('chat_participants')
    .set({ left_at: sql<Date>`now()` })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * « Ne plus voir ce profil »: `userId` leaves the chat and closes it, so the other member keeps
 * it to read but can no longer write into it.
 */
export async function closeChat(trx: Database, chatId: number, userId: number) {
  await leaveChat(trx, chatId, userId);
  await trx
    .updateTable('chats')
    .set({ closed_by: userId, closed_at: sql<Date>`now()` })
    .where('id', '=', chatId)
    .execute();
}

/** The member who closed a chat opens it again by starting it anew. */
export async function reopenChat(db: Database, chatId: number, userId: number) {
  await db
    .updateTable('chats')
    .set({ closed_by: null, closed_at: null })
    .where('id', '=', chatId)
    .where('closed_by', '=', userId)
    .execute();
}

export async function setMuted(db: Database, chatId: number, userId: number, muted: boolean) {
  await db
    .updateTable('chat_participants')
    .set({ muted })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .execute();
}

/** Sets the given lock flags; lifting one records the unlock time. */
export async function setLocks(
  db: Database,
  chatId: number,
  locks: { sender?: boolean; receiver?: boolean },
) {
  const lifted = locks.sender === false || locks.receiver === false;
  await db
    .updateTable('chats')
    .set({
      ...(locks.sender === undefined ? {} : { locked_sender: locks.sender }),
      ...(locks.receiver === undefined ? {} : { locked_receiver: locks.receiver }),
      ...(lifted ? { unlocked_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', chatId)
    .execute();
}

/** The member's chats, newest activity first; last message and unread count per chat. */
export function findChatsForUser(db: Database, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('chat_participants as me')
    .innerJoin('chats as c', 'c.id', 'me.chat_id')
    .innerJoin('chat_participants as o', (j) =>
      j.onRef('o.chat_id', '=', 'c.id').on('o.user_id', '<>', userId),
    )
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .select(['m.id', 'm.sender_id', 'm.type', 'm.content', 'm.created_at', 'm.read_at'])
          .whereRef('m.chat_id', '=', 'c.id')
          .where('m.deleted_at', 'is', null)
          .whereRef('m.id', '>', 'me.history_from_id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('lm'),
      (j) => j.onTrue(),
    )
    .select((eb) => [
      'c.id',
      'c.updated_at',
      'c.locked_sender',
      'c.locked_receiver',
      'c.closed_at',
      'me.id as me_participant_id',
      'o.id as other_participant_id',
      'me.muted as me_muted',
      'o.user_id as other_id',
      'u.name as other_name',
      'u.photo_key as other_photo_key',
      'u.last_seen_at as other_last_seen_at',
      'u.presence_offline_at as other_offline_at',
      'u.deleted_at as other_deleted_at',
      eb
        .selectFrom('messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.sender_id', '<>', userId)
        .where('m.read_at', 'is', null)
        .where('m.deleted_at', 'is', null)
        .whereRef('m.id', '>', 'me.history_from_id')
        .$asScalar()
        .$notNull()
        .as('unread_count'),
      'lm.id as last_id',
      'lm.sender_id as last_sender_id',
      'lm.type as last_type',
      'lm.content as last_content',
      'lm.created_at as last_created_at',
      'lm.read_at as last_read_at',
    ])
    .$narrowType<{ last_type: LastMessageType | null }>()
    .where('me.user_id', '=', userId)
    .where('me.left_at', 'is', null)
    .where(notBlocked(userId, 'o.user_id'))
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type ChatListRow = Awaited<ReturnType<typeof findChatsForUser>>[number];

/** The member's chats and partners, for presence fan-out (blocked pairs left out). */
export function chatPartnersOfUser(db: Database, userId: number) {
  return db
    .selectFrom('chat_participants as me')
    .innerJoin('chat_participants as o', (j) =>
      j.onRef('o.chat_id', '=', 'me.chat_id').onRef('o.user_id', '<>', 'me.user_id'),
    )
    .select(['me.chat_id', 'o.user_id as partner_id'])
    .where('me.user_id', '=', userId)
    .where('me.left_at', 'is', null)
    .where(notBlocked(userId, 'o.user_id'))
    .execute();
}

/**
 * The chat of a matched pair: one row per pair (smaller id first), marked as a match and never
 * locked, even when a contact chat between them existed before; both members are participants.
 * `firstLiker` liked first, so their participant row is inserted (and numbered) first.
 */
export async function upsertMatchChat(trx: Database, firstLiker: number, secondLiker: number) {
  const chat = await trx
    .insertInto('chats')
    .values({
      user_low_id: Math.min(firstLiker, secondLiker),
      user_high_id: Math.max(firstLiker, secondLiker),
      origin: 'match',
      locked_sender: false,
      locked_receiver: false,
      unlock_cost: CHAT_UNLOCK_COST,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_low_id', 'user_high_id'])
        .doUpdateSet({ origin: 'match', locked_sender: false, locked_receiver: false }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of [firstLiker, secondLiker]) {
    await trx
      .insertInto('chat_participants')
      .values({ chat_id: chat.id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return chat.id;
}
