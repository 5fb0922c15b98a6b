/** Queries of the scam shield (the rules are in scam-shield.ts): the hold on a member. */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/**
 * Puts the hold on `senderId` when their messages are flagged in `chats` or more different
 * chats within `windowHours` (only flags since their last review count). Answers whether this
 * call put it on.
 */
export async function holdWhenFlaggedInChats(
  db: Database,
  senderId: number,
  rule: { chats: number; windowHours: number },
) {
  const held = await db
    .updateTable('users as u')
    .set({ chat_hold_at: sql<Date>`now()` })
    .where('u.id', '=', senderId)
    .where('u.chat_hold_at', 'is', null)
    .where(
      sql<boolean>`(
        SELECT count(DISTINCT m.chat_id) FROM messages m
         WHERE m.sender_id = ${senderId}
           AND m.safety_flag
           AND m.created_at > now() - make_interval(hours => ${rule.windowHours})
           AND m.created_at > coalesce(u.scam_reviewed_at, '-infinity'::timestamptz)
      ) >= ${rule.chats}`,
    )
    .returning('u.id')
    .executeTakeFirst();
  return !!held;
}

/** The member's hold and why (`fake_profile`: reports; otherwise the shield), or null. */
export async function findChatHold(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['chat_hold_at', 'chat_hold_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.chat_hold_at ? { reason: row.chat_hold_reason } : null;
}
