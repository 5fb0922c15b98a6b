/**
 * SQL of console promotions: the claim that refuses a repeat, the audience walked in keyset
 * pages (never the whole table in memory) and the tally once sent.
 */
import { one, type Sql } from '../../db/db.js';
import type { TPromotionAudience } from '@app/shared';

/**
 * Members a promotion may reach: ordinary members (not staff) whose account is live, verified
 * and complete. Anonymous mode only hides a member from discovery, so it does not matter here.
 * The same predicate as users_promotion_audience_idx (013), which the pages walk.
 */
const RECIPIENT = `role = 'member' AND deleted_at IS NULL AND blocked_at IS NULL
  AND email_verified_at IS NOT NULL AND profile_completed_at IS NOT NULL`;

/**
 * Records a promotion unless the same message went to the same audience since `repeatSince`;
 * answers its id, or null for a repeat. The lock makes two simultaneous sends take turns.
 */
export async function claimPromotion(
  tx: Sql,
  p: {
    actorId: number;
    message: string;
    audience: TPromotionAudience;
    now: Date;
    repeatSince: Date;
  },
): Promise<number | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('promotion.send', 0))`);
  const repeat = await one(
    tx,
    'SELECT id FROM promotions WHERE audience = $1 AND message = $2 AND created_at > $3 LIMIT 1',
    [p.audience, p.message, p.repeatSince],
  );
  if (repeat) return null;
  const row = await one<{ id: number }>(
    tx,
    `INSERT INTO promotions (actor_id, message, audience, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [p.actorId, p.message, p.audience, p.now],
  );
  if (!row) throw new Error('promotion not stored');
  return row.id;
}

/**
 * One page of recipients' ids after `afterId`, ascending; with `inactiveSince`, only members
 * not seen since then (or never).
 */
export async function findPromotionRecipients(
  sql: Sql,
  q: { afterId: number; inactiveSince: Date | null; limit: number },
): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `SELECT id FROM users
      WHERE id > $1 AND ${RECIPIENT}
        AND ($2::timestamptz IS NULL OR last_seen_at IS NULL OR last_seen_at < $2)
      ORDER BY id LIMIT $3`,
    [q.afterId, q.inactiveSince, q.limit],
  );
  return rows.map((r) => r.id);
}

export async function recordPromotionSent(tx: Sql, id: number, sent: number) {
  await tx.query('UPDATE promotions SET sent = $2, finished_at = now() WHERE id = $1', [id, sent]);
}
