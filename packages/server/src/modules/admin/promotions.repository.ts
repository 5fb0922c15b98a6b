/**
 * SQL of console promotions: the claim that refuses a repeat, the audience walked in keyset
 * pages (never the whole table in memory) and the tally once sent.
 */
import { sql } from 'kysely';
import type { TPromotionAudience } from '@app/shared';
import type { Database } from '../../db/kysely.js';

/**
 * Records a promotion unless the same message went to the same audience since `repeatSince`;
 * answers its id, or null for a repeat. The lock makes two simultaneous sends take turns
 * (`trx` must be a transaction: the lock lasts until it ends).
 */
export async function claimPromotion(
  trx: Database,
  p: {
    actorId: number;
    message: string;
    audience: TPromotionAudience;
    now: Date;
    repeatSince: Date;
  },
): Promise<number | null> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('promotion.send', 0))`.execute(trx);
  const repeat = await trx
    .selectFrom('promotions')
    .select('id')
    .where('audience', '=', p.audience)
    .where('message', '=', p.message)
    .where('created_at', '>', p.repeatSince)
    .limit(1)
    .executeTakeFirst();
  if (repeat) return null;
  const row = await trx
    .insertInto('promotions')
    .values({ actor_id: p.actorId, message: p.message, audience: p.audience, created_at: p.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One page of recipients' ids after `afterId`, ascending; with `inactiveSince`, only members
 * not seen since then (or never). The predicate is users_promotion_audience_idx's (013), which
 * the pages walk: ordinary members (not staff) whose account is live, verified and complete.
 * Anonymous mode only hides a member from discovery, so it does not matter here.
 */
export async function findPromotionRecipients(
  db: Database,
  q: { afterId: number; inactiveSince: Date | null; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('id', '>', q.afterId)
    .where('role', '=', sql.lit('member'))
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .where('email_verified_at', 'is not', null)
    .where('profile_completed_at', 'is not', null);
  const since = q.inactiveSince;
  if (since) {
    query = query.where((eb) =>
      eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', since)]),
    );
  }
  const rows = await query.orderBy('id').limit(q.limit).execute();
  return rows.map((r) => r.id);
}

export async function recordPromotionSent(db: Database, id: number, sent: number) {
  await db
    .updateTable('promotions')
    .set({ sent, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
