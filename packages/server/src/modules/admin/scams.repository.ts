/**
 * The console's « Arnaques » queue on the typed query layer: members with flagged messages
 * since their last review (held ones first), their flagged messages, and the review itself.
 */
import { sql } from 'kysely';
import { SCAM_HOLD_WINDOW_HOURS } from '@app/shared';
import type { Database } from '../../db/kysely.js';

/** Flags that count: since the member's last review. */
const sinceReview = sql<boolean>`m.created_at > coalesce(u.scam_reviewed_at, '-infinity'::timestamptz)`;

/**
 * A page of members: `held` lists those held and not blocked, oldest hold first (first come,
 * first reviewed); `flagged` lists everyone flagged since their review, latest flag first.
 */
export function findFlaggedMembers(
  db: Database,
  status: 'held' | 'flagged',
  limit: number,
  offset: number,
) {
  const flags = db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .where('m.safety_flag', '=', true)
    .where(sinceReview)
    .select((eb) => [
      'm.sender_id',
      eb.fn.count<string>('m.chat_id').distinct().as('flagged_chats'),
      eb.fn.countAll<string>().as('flagged_messages'),
      eb.fn.max('m.created_at').as('last_flagged_at'),
      sql<string>`count(DISTINCT m.chat_id) FILTER (
        WHERE m.created_at > now() - make_interval(hours => ${SCAM_HOLD_WINDOW_HOURS}))`.as(
        'flagged_chats_24h',
      ),
    ])
    .groupBy('m.sender_id');
  let q = db
    .selectFrom('users as u')
    .leftJoin(flags.as('f'), 'f.sender_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.photo_key',
      'u.role',
      'u.created_at',
      'u.blocked_at',
      'u.chat_hold_at',
      'f.flagged_chats',
      'f.flagged_messages',
      'f.flagged_chats_24h',
      'f.last_flagged_at',
    ]);
  q =
    status === 'held'
      ? q
          .where('u.chat_hold_at', 'is not', null)
          .where('u.blocked_at', 'is', null)
          .orderBy('u.chat_hold_at', 'asc')
      : q.where('f.sender_id', 'is not', null).orderBy('f.last_flagged_at', 'desc');
  return q.orderBy('u.id', 'desc').limit(limit).offset(offset).execute();
}

export const findMemberForReview = (db: Database, id: number) =>
  db
    .selectFrom('users')
    .select(['id', 'role', 'blocked_at', 'chat_hold_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * The member's flagged messages since their review, newest first, each with the original its
 * sender changed (message_originals; null when unchanged).
 */
export const findFlaggedMessages = (db: Database, id: number, limit: number, offset: number) =>
  db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .leftJoin('message_originals as o', 'o.message_id', 'm.id')
    .select([
      'm.id',
      'm.chat_id',
      'm.sender_id',
      'm.type',
      'm.content',
      'm.edited_at',
      'm.deleted_at',
      'o.content as original',
      'm.created_at',
    ])
    .where('m.sender_id', '=', id)
    .where('m.safety_flag', '=', true)
    .where(sinceReview)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** A review: the hold is lifted and the flags seen so far stop counting. */
export async function markReviewed(db: Database, id: number) {
  await db
    .updateTable('users')
    .set({ chat_hold_at: null, chat_hold_reason: null, scam_reviewed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
