/** SQL behind the own-profile calls. */
import type { Sql } from '../../db/db.js';

export interface ProfileCompletion {
  name: string;
  gender: 'homme' | 'femme';
  birthDate: string;
  locality: string;
  bio: string | null;
  details: Record<string, number>;
  photoKey: string;
}

/** Completes the profile once: answers false when it was already complete. */
export async function completeProfile(sql: Sql, userId: number, p: ProfileCompletion) {
  const rows = await sql.query(
    `UPDATE users SET name = $2, gender = $3, birth_date = $4, locality = $5, bio = $6,
        details = $7, photo_key = $8, profile_completed_at = now(), updated_at = now()
      WHERE id = $1 AND profile_completed_at IS NULL RETURNING id`,
    [
      userId,
      p.name,
      p.gender,
      p.birthDate,
      p.locality,
      p.bio,
      JSON.stringify(p.details),
      p.photoKey,
    ],
  );
  return rows.length === 1;
}

export async function clearGiftFlag(sql: Sql, userId: number) {
  await sql.query('UPDATE users SET gifted_signup = false, updated_at = now() WHERE id = $1', [
    userId,
  ]);
}

/** Counters shown on the profile: likes received (an index-only count, swipes_target_like_idx). */
export async function profileStats(sql: Sql, userId: number) {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM swipes WHERE target_id = $1 AND action = 'like'`,
    [userId],
  );
  return { likes_received: rows[0]?.n ?? 0 };
}

const PLATFORMS = ['facebook', 'tiktok', 'youtube'] as const;

/** Which social networks paid their one-time reward (ledger keys social_join:{user}:{platform}). */
export async function socialJoins(sql: Sql, userId: number) {
  const rows = await sql.query<{ idempotency_key: string }>(
    `SELECT idempotency_key FROM coin_movements WHERE user_id = $1 AND reason = 'social_join'`,
    [userId],
  );
  const joined = new Set(rows.map((r) => r.idempotency_key.split(':')[2]));
  return {
    joined_facebook: joined.has(PLATFORMS[0]),
    joined_tiktok: joined.has(PLATFORMS[1]),
    joined_youtube: joined.has(PLATFORMS[2]),
  };
}
