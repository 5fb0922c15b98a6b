/** Queries behind the own-profile calls and the profile view (Kysely, generated types). */
import { sql, type ExpressionBuilder } from 'kysely';
import { compiledOnce, type Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';
import type { DB } from '../../db/schema.gen.js';
import { visibleMemberSql } from '../account/index.js';
import { selectUser } from '../auth/index.js';
import { sessionUserOf } from '../../auth/session.repository.js';
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
  if (row) await announce(db, { member: userId });
  return row !== undefined;
}

export async function clearGiftFlag(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set({ gifted_signup: false, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await announce(db, { member: userId });
}

const PLATFORMS = ['facebook', 'tiktok', 'youtube'] as const;

/**
 * What the own profile shows beside the member's columns: the likes received (an index-only
 * count, swipes_target_like_idx) and the ledger keys of the social networks that paid their
 * one-time reward (social_join:{user}:{platform}). Subqueries, so the profile is one statement:
 * it is read on every profile call.
 */
const profileCounters = (eb: ExpressionBuilder<DB, 'users'>) =>
  [
    eb
      .selectFrom('swipes')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('swipes.target_id', '=', 'users.id')
      .where('swipes.action', '=', 'like')
      .as('likes_received'),
    eb
      .selectFrom('coin_movements')
      .select((sub) => sub.fn.agg<string[]>('array_agg', ['idempotency_key']).as('keys'))
      .whereRef('coin_movements.user_id', '=', 'users.id')
      .where('coin_movements.reason', '=', 'social_join')
      .as('social_keys'),
  ] as const;

const ownProfileQuery = (db: Database, userId: number) =>
  db.selectFrom('users').select(selectUser).select(profileCounters).where('users.id', '=', userId);

type OwnProfileQueryRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof ownProfileQuery>['executeTakeFirst']>>
>;

function withCounters({ likes_received, social_keys, ...user }: OwnProfileQueryRow) {
  const joined = new Set((social_keys ?? []).map((key) => key.split(':')[2]));
  return {
    ...user,
    stats: { likes_received: likes_received ?? 0 },
    social_media: {
      joined_facebook: joined.has(PLATFORMS[0]),
      joined_tiktok: joined.has(PLATFORMS[1]),
      joined_youtube: joined.has(PLATFORMS[2]),
    },
  };
}

export type OwnProfileRow = ReturnType<typeof withCounters>;

/** The member's own profile row, with its counters; undefined when the member is gone. */
export async function findOwnProfile(db: Database, userId: number) {
  const row = await ownProfileQuery(db, userId).executeTakeFirst();
  return row && withCounters(row);
}

/** findOwnProfile on `db`, its statement compiled once (the profile cache's misses). */
export function ownProfileReader(db: Database) {
  const run = compiledOnce(db, (userId: number) => ownProfileQuery(db, userId));
  return async (userId: number) => {
    const [row] = await run(userId);
    return row && withCounters(row);
  };
}

const ownProfileBySessionQuery = (db: Database, tokenHash: string) =>
  db
    .selectFrom('users')
    .innerJoin(
      db
        .selectFrom('sessions')
        .select(['sessions.id as session_id', 'sessions.user_id'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .as('s'),
      's.user_id',
      'users.id',
    )
    .select(selectUser)
    .select(profileCounters)
    .select('s.session_id');

/**
 * The live session of a token hash and its member's own profile, in one statement compiled
 * once: what a profile call needs when neither is remembered (issue 31), instead of one round
 * trip each.
 */
export function ownProfileBySessionReader(db: Database) {
  const run = compiledOnce(db, (tokenHash: string) => ownProfileBySessionQuery(db, tokenHash));
  return async (tokenHash: string) => {
    const [row] = await run(tokenHash);
    if (!row) return undefined;
    const { session_id, ...profile } = row;
    return { session: sessionUserOf({ ...profile, session_id }), profile: withCounters(profile) };
  };
}

/**
 * The presence heartbeat: marks the member seen now and answers their own profile, in one
 * statement (RETURNING reads the same columns and counters as findOwnProfile).
 */
export async function touchOwnProfile(db: Database, userId: number) {
  const row = await db
    .updateTable('users')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('users.id', '=', userId)
    .returning(selectUser)
    .returning(profileCounters)
    .executeTakeFirst();
  return row && withCounters(row);
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
