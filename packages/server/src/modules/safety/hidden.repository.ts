/**
 * « Ne plus voir ce profil » (issue 29): pairs that no longer see each other in swipes and
 * nearby, without the weight of a block. The chats module hides a member when its member
 * unmatches; swipes and nearby leave out hidden pairs either way, with the condition below.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';

/** True when neither `viewerId` nor the member in `otherColumn` hid the other. */
export const notHidden = (viewerId: number, otherColumn: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM hidden_profiles h
     WHERE (h.user_id = ${viewerId}::bigint AND h.hidden_id = ${sql.ref(otherColumn)})
        OR (h.user_id = ${sql.ref(otherColumn)} AND h.hidden_id = ${viewerId}::bigint))`;

/**
 * `userId` no longer sees `hiddenId`: the pair is hidden, and `userId`'s like of them becomes
 * a dislike, so the two are no longer a match (a like is otherwise never taken back).
 */
export async function hideProfile(trx: Database, userId: number, hiddenId: number) {
  await trx
    .insertInto('hidden_profiles')
    .values({ user_id: userId, hidden_id: hiddenId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const undone = await trx
    .updateTable('swipes')
    .set({ action: 'dislike', updated_at: sql<Date>`now()` })
    .where('swiper_id', '=', userId)
    .where('target_id', '=', hiddenId)
    .where('action', '=', 'like')
    .returning('target_id')
    .execute();
  // The hidden member's own profile counts the likes received.
  if (undone.length) await announce(trx, { member: hiddenId });
}
