/** Queries behind the own-profile calls and the profile view (Kysely, generated types). */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { visibleMemberSql } from '../account/index.js';
import { notBlocked } from '../safety/index.js';

export interface ProfileCompletion {
  name: string;
  gender: 'homme' | 'femme';
  birthDate: string;
  locality: string;
  bio: string | null;
  details: Record<string, number>;
  /** Catalogue keys, already checked. */
  passions: string[];
  photoKey: string;
}

/** Completes the profile once: answers false when it was already complete. */
export async function completeProfile(db: Database, userId: number, p: ProfileCompletion) {
  const row = await db
    .updateTable('users')
    .set({
      name: p.name,
      gender: p.gender,
      birth_date: p.birthDate,
      locality: p.locality,
      bio: p.bio,
      details: JSON.stringify(p.details),
      passions: p.passions,
      photo_key: p.photoKey,
      profile_completed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .where('profile_completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearGiftFlag(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set({ gifted_signup: false, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Counters shown on the profile: likes received (an index-only count, swipes_target_like_idx). */
export async function profileStats(db: Database, userId: number) {
  const row = await db
    .selectFrom('swipes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target_id', '=', userId)
    .where('action', '=', 'like')
    .executeTakeFirst();
  return { likes_received: row?.n ?? 0 };
}

const PLATFORMS = ['facebook', 'tiktok', 'youtube'] as const;

/** Which social networks paid their one-time reward (ledger keys social_join:{user}:{platform}). */
export async function socialJoins(db: Database, userId: number) {
  const rows = await db
    .selectFrom('coin_movements')
    .select('idempotency_key')
    .where('user_id', '=', userId)
    .where('reason', '=', 'social_join')
    .execute();
  const joined = new Set(rows.map((r) => r.idempotency_key.split(':')[2]));
  return {
    joined_facebook: joined.has(PLATFORMS[0]),
    joined_tiktok: joined.has(PLATFORMS[1]),
    joined_youtube: joined.has(PLATFORMS[2]),
  };
}

/** The viewed member, when the viewer may see them (visible, no block either way). */
export function findViewable(db: Database, viewerId: number, viewedId: number) {
  return db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '=', viewedId)
    .where(sql<boolean>`${sql.raw(visibleMemberSql('u'))}`)
    .where(notBlocked(viewerId, 'u.id'))
    .executeTakeFirst();
}

/** The viewer's name and whether they browse in anonymous mode. */
export function findViewer(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['name', 'anonymous'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether the viewed member already heard of this viewer since `since`. */
export async function toldSince(db: Database, viewedId: number, viewerId: number, since: Date) {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`1`.as('x'))
    .where('user_id', '=', viewedId)
    .where('type', '=', 'profile_view')
    .where(sql<string>`data->>'sender_id'`, '=', String(viewerId))
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
