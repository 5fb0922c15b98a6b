/** Queries of swipes (Kysely): recording a decision, the pair's state, the candidate pools. */
import { sql } from 'kysely';
import type { TSwipeAction } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';
import { queryNearestFirst } from '../nearby/index.js';
import { notBlocked, notHidden } from '../safety/index.js';
import { visibleMemberSql } from '../account/index.js';

// --- decisions -----------------------------------------------------------------------------

/** Serialises two members liking each other at the same moment, so the match is seen once. */
export async function lockPair(trx: Database, a: number, b: number) {
  const key = `swipe:${Math.min(a, b)}:${Math.max(a, b)}`;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Records the decision once per pair. A repeat changes nothing, except that a dislike may
 * become a like; a like is never taken back by a later dislike. Answers the decision now
 * stored and whether this call changed it.
 */
export async function recordSwipe(
  trx: Database,
  swiperId: number,
  targetId: number,
  action: TSwipeAction,
) {
  const { rows } = await sql<{ action: TSwipeAction; changed: boolean }>`
    WITH written AS (
       INSERT INTO swipes (swiper_id, target_id, action) VALUES (${swiperId}, ${targetId}, ${action})
       ON CONFLICT (swiper_id, target_id) DO UPDATE SET action = 'like', updated_at = now()
         WHERE swipes.action = 'dislike' AND EXCLUDED.action = 'like'
       RETURNING action)
     SELECT action, true AS changed FROM written
     UNION ALL
     SELECT action, false FROM swipes
      WHERE swiper_id = ${swiperId} AND target_id = ${targetId}
        AND NOT EXISTS (SELECT 1 FROM written)`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('swipe not recorded');
  // The target's own profile counts the likes received.
  if (row.changed && row.action === 'like') await announce(trx, { member: targetId });
  return row;
}

export async function hasLiked(db: Database, swiperId: number, targetId: number) {
  const row = await db
    .selectFrom('swipes')
    .select(sql<number>`1`.as('x'))
    .where('swiper_id', '=', swiperId)
    .where('target_id', '=', targetId)
    .where('action', '=', 'like')
    .executeTakeFirst();
  return row !== undefined;
}

/** A member the viewer may swipe: complete, not blocked, no block or hiding between them. */
export const findSwipeTarget = (db: Database, viewerId: number, targetId: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.photo_key'])
    .where('u.id', '=', targetId)
    .where('u.id', '<>', viewerId)
    .where(
      sql<boolean>`${sql.raw(visibleMemberSql('u'))} AND ${notBlocked(viewerId, 'u.id')}
        AND ${notHidden(viewerId, 'u.id')}`,
    )
    .executeTakeFirst();

export type SwipeTargetRow = NonNullable<Awaited<ReturnType<typeof findSwipeTarget>>>;

// --- candidates ----------------------------------------------------------------------------

export interface CandidateRow {
  id: number;
  name: string | null;
  gender: 'homme' | 'femme' | null;
  birth_date: string | null;
  locality: string | null;
  bio: string | null;
  photo_key: string | null;
  verified: boolean;
  passions: string[];
  last_seen_at: Date | null;
  fuzz_lat: number | null;
  fuzz_lng: number | null;
}

/** `is`: only that gender; `isNot`: everyone else (including members with none); null: all. */
export type GenderPool = { is: string } | { isNot: string } | null;

export interface CandidateSearch {
  viewerId: number;
  excludeIds: number[];
  limit: number;
  /** « Profils vérifiés uniquement ». */
  verifiedOnly?: boolean;
}

const CANDIDATE_COLUMNS = sql`u.id, u.name, u.gender,
  to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date,
  u.locality, u.bio, u.photo_key, u.verified_at IS NOT NULL AS verified, u.passions, u.last_seen_at,
  u.fuzz_pos[1] AS fuzz_lat, u.fuzz_pos[0] AS fuzz_lng`;

/** Visible, not the viewer, not excluded, not swiped yet, no block or hiding either way. */
const eligible = (s: CandidateSearch) => sql`${sql.raw(visibleMemberSql('u'))}
  AND u.id <> ${s.viewerId}::bigint AND u.id <> ALL(${s.excludeIds}::bigint[])
  AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = ${s.viewerId}::bigint AND s.target_id = u.id)
  AND ${notBlocked(s.viewerId, 'u.id')}
  AND ${notHidden(s.viewerId, 'u.id')}
  AND (${!s.verifiedOnly} OR u.verified_at IS NOT NULL)`;

function genderCondition(pool: GenderPool) {
  if (!pool) return sql`true`;
  return 'is' in pool ? sql`u.gender = ${pool.is}` : sql`u.gender IS DISTINCT FROM ${pool.isNot}`;
}

/**
 * The nearest eligible members of each gender pool by fuzzed marker, in one statement: per
 * pool, a K-nearest-neighbour scan of users_geo_knn_idx from the viewer's plane point that
 * stops after `limit` eligible rows.
 */
function nearestCandidatesQuery(
  s: CandidateSearch,
  pools: GenderPool[],
  plane: { x: number; y: number },
) {
  const branches = pools.map(
    (pool) => sql`(SELECT ${CANDIDATE_COLUMNS} FROM users u
      WHERE ${eligible(s)} AND u.geo_km IS NOT NULL AND ${genderCondition(pool)}
      ORDER BY u.geo_km <-> point(${plane.x}::float8, ${plane.y}::float8) LIMIT ${s.limit})`,
  );
  return sql<CandidateRow>`${sql.join(branches, sql`\n    UNION ALL\n    `)}`;
}

export function findNearestCandidates(
  db: Database,
  s: CandidateSearch,
  pools: GenderPool[],
  plane: { x: number; y: number },
) {
  return queryNearestFirst(db, nearestCandidatesQuery(s, pools, plane));
}

/** The plan of the query above (tests and benchmarks show it is index-driven). */
export async function explainNearestCandidates(
  db: Database,
  s: CandidateSearch,
  pools: GenderPool[],
  plane: { x: number; y: number },
) {
  const rows = await queryNearestFirst(
    db,
    sql<{ 'QUERY PLAN': string }>`EXPLAIN ${nearestCandidatesQuery(s, pools, plane)}`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Eligible members who never shared a position, most recently active first. */
export async function findUnlocatedCandidates(db: Database, s: CandidateSearch, gender?: string) {
  const { rows } = await sql<CandidateRow>`SELECT ${CANDIDATE_COLUMNS} FROM users u
      WHERE ${eligible(s)} AND u.geo_km IS NULL
        AND ${genderCondition(gender ? { is: gender } : null)}
      ORDER BY u.last_seen_at DESC NULLS LAST, u.id DESC LIMIT ${s.limit}`.execute(db);
  return rows;
}
