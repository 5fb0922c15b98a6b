/** SQL of swipes: recording a decision, the pair's state, and the candidate pools. */
import { one, type Db, type Param, type Sql } from '../../db/db.js';
import { queryNearestFirst } from '../nearby/location.repository.js';
import type { TSwipeAction } from '@app/shared';
import { visibleMemberSql } from '../account/visibility.js';
import { notBlockedSql } from '../safety/blocks.js';

// --- decisions -----------------------------------------------------------------------------

/** Serialises two members liking each other at the same moment, so the match is seen once. */
export async function lockPair(tx: Sql, a: number, b: number) {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `swipe:${Math.min(a, b)}:${Math.max(a, b)}`,
  ]);
}

/**
 * Records the decision once per pair. A repeat changes nothing, except that a dislike may
 * become a like; a like is never taken back by a later dislike. Answers the decision now
 * stored and whether this call changed it.
 */
export async function recordSwipe(
  tx: Sql,
  swiperId: number,
  targetId: number,
  action: TSwipeAction,
) {
  const row = await one<{ action: TSwipeAction; changed: boolean }>(
    tx,
    `WITH written AS (
       INSERT INTO swipes (swiper_id, target_id, action) VALUES ($1, $2, $3)
       ON CONFLICT (swiper_id, target_id) DO UPDATE SET action = 'like', updated_at = now()
         WHERE swipes.action = 'dislike' AND EXCLUDED.action = 'like'
       RETURNING action)
     SELECT action, true AS changed FROM written
     UNION ALL
     SELECT action, false FROM swipes
      WHERE swiper_id = $1 AND target_id = $2 AND NOT EXISTS (SELECT 1 FROM written)`,
    [swiperId, targetId, action],
  );
  if (!row) throw new Error('swipe not recorded');
  return row;
}

export async function hasLiked(sql: Sql, swiperId: number, targetId: number) {
  return !!(await one(
    sql,
    `SELECT 1 AS x FROM swipes WHERE swiper_id = $1 AND target_id = $2 AND action = 'like'`,
    [swiperId, targetId],
  ));
}

export async function findPairChatId(sql: Sql, a: number, b: number) {
  const row = await one<{ id: number }>(
    sql,
    'SELECT id FROM chats WHERE user_low_id = least($1::bigint, $2::bigint) AND user_high_id = greatest($1::bigint, $2::bigint)',
    [a, b],
  );
  return row?.id ?? null;
}

export interface SwipeTargetRow extends Record<string, unknown> {
  id: number;
  name: string | null;
  photo_key: string | null;
}

/** A member the viewer may swipe: complete, not blocked, no block between them. */
export const findSwipeTarget = (sql: Sql, viewerId: number, targetId: number) =>
  one<SwipeTargetRow>(
    sql,
    `SELECT u.id, u.name, u.photo_key FROM users u
      WHERE u.id = $2 AND u.id <> $1 AND ${visibleMemberSql('u')}
        AND ${notBlockedSql('$1', 'u.id')}`,
    [viewerId, targetId],
  );

// --- candidates ----------------------------------------------------------------------------

export interface CandidateRow extends Record<string, unknown> {
  id: number;
  name: string | null;
  gender: 'homme' | 'femme' | null;
  birth_date: string | null;
  locality: string | null;
  bio: string | null;
  photo_key: string | null;
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
}

const CANDIDATE_COLUMNS = `u.id, u.name, u.gender, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date,
  u.locality, u.bio, u.photo_key, u.passions, u.last_seen_at,
  u.fuzz_pos[1] AS fuzz_lat, u.fuzz_pos[0] AS fuzz_lng`;

/** Visible, not the viewer, not excluded, not swiped yet, no block either way. */
const ELIGIBLE = `${visibleMemberSql('u')}
  AND u.id <> $1 AND u.id <> ALL($2::bigint[])
  AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.swiper_id = $1 AND s.target_id = u.id)
  AND ${notBlockedSql('$1', 'u.id')}`;

function genderCondition(pool: GenderPool, params: Param[]): string {
  if (!pool) return 'true';
  params.push('is' in pool ? pool.is : pool.isNot);
  return 'is' in pool
    ? `u.gender = $${params.length}`
    : `u.gender IS DISTINCT FROM $${params.length}`;
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
  const params: Param[] = [s.viewerId, s.excludeIds, plane.x, plane.y, s.limit];
  const branches = pools.map(
    (pool) => `(SELECT ${CANDIDATE_COLUMNS} FROM users u
      WHERE ${ELIGIBLE} AND u.geo_km IS NOT NULL AND ${genderCondition(pool, params)}
      ORDER BY u.geo_km <-> point($3, $4) LIMIT $5)`,
  );
  return { text: branches.join('\n    UNION ALL\n    '), params };
}

export function findNearestCandidates(
  db: Db,
  s: CandidateSearch,
  pools: GenderPool[],
  plane: { x: number; y: number },
) {
  const q = nearestCandidatesQuery(s, pools, plane);
  return queryNearestFirst<CandidateRow>(db, q.text, q.params);
}

/** The plan of the query above (tests and benchmarks show it is index-driven). */
export async function explainNearestCandidates(
  db: Db,
  s: CandidateSearch,
  pools: GenderPool[],
  plane: { x: number; y: number },
) {
  const q = nearestCandidatesQuery(s, pools, plane);
  const rows = await queryNearestFirst<{ 'QUERY PLAN': string }>(db, `EXPLAIN ${q.text}`, q.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Eligible members who never shared a position, most recently active first. */
export function findUnlocatedCandidates(sql: Sql, s: CandidateSearch) {
  return sql.query<CandidateRow>(
    `SELECT ${CANDIDATE_COLUMNS} FROM users u
      WHERE ${ELIGIBLE} AND u.geo_km IS NULL
      ORDER BY u.last_seen_at DESC NULLS LAST, u.id DESC LIMIT $3`,
    [s.viewerId, s.excludeIds, s.limit],
  );
}
