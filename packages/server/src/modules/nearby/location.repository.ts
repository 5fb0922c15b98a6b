/**
 * Queries of the member's own position and of the nearest-first search (Kysely). Others are
 * only ever reached through users.fuzz_pos / users.geo_km (migration 006), never lat/lng.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { visibleMemberSql } from '../account/index.js';
import { notBlocked, notHidden } from '../safety/index.js';

/**
 * The member as the start of their own searches (passions: the swipe deck's ranking), and as a
 * liker or viewer in notifications.
 */
export const findViewer = (db: Database, userId: number) =>
  db
    .selectFrom('users')
    .select([
      'lat',
      'lng',
      'gender',
      'name',
      'photo_key',
      'location_updated_at',
      'anonymous',
      'passions',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();

export type ViewerRow = NonNullable<Awaited<ReturnType<typeof findViewer>>>;

/** Stores an already rounded position; the fuzzed columns follow by themselves. */
export async function updateOwnPosition(db: Database, userId: number, lat: number, lng: number) {
  await db
    .updateTable('users')
    .set({ lat, lng, location_updated_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export interface NearbyRow {
  id: number;
  name: string | null;
  locality: string | null;
  /** « Masquer ma distance ». */
  hide_distance: boolean;
  birth_date: string | null;
  photo_key: string | null;
  verified: boolean;
  fuzz_lat: number;
  fuzz_lng: number;
}

export interface NearbySearch {
  viewerId: number;
  /** The origin in the index's plane (shared planeKm) and the widened planar radius. */
  planeX: number;
  planeY: number;
  planeRadiusKm: number;
  /** Inclusive birth-date bounds (YYYY-MM-DD), or null for "any age". */
  born: { onOrAfter: string; onOrBefore: string } | null;
  /** "Je veux rencontrer": only members of this gender (a filter of the request, never stored). */
  gender?: 'homme' | 'femme' | null;
  /** « Profils vérifiés uniquement ». */
  verifiedOnly?: boolean;
  limit: number;
}

/**
 * K nearest visible members by fuzzed marker: one GiST index scan (users_geo_knn_idx) that
 * walks outwards from the origin, stops at the circle's edge or after `limit` rows, whichever
 * comes first. Age, block and privacy filters (« Ne pas apparaître à proximité ») are checked
 * on the rows as the scan meets them.
 */
function nearbyQuery(s: NearbySearch) {
  const origin = sql`point(${s.planeX}::float8, ${s.planeY}::float8)`;
  const onOrAfter = s.born?.onOrAfter ?? null;
  const onOrBefore = s.born?.onOrBefore ?? null;
  const gender = s.gender ?? null;
  return sql<NearbyRow>`
  SELECT u.id, u.name, u.locality, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date, u.photo_key,
         u.verified_at IS NOT NULL AS verified, u.fuzz_pos[1] AS fuzz_lat, u.fuzz_pos[0] AS fuzz_lng,
         coalesce(ms.hide_distance, false) AS hide_distance
    FROM users u
    LEFT JOIN member_settings ms ON ms.user_id = u.id
   WHERE ${sql.raw(visibleMemberSql('u'))}
     AND NOT coalesce(ms.hide_from_nearby, false)
     AND u.geo_km <@ circle(${origin}, ${s.planeRadiusKm}::float8)
     AND u.id <> ${s.viewerId}::bigint
     AND (${onOrAfter}::date IS NULL OR u.birth_date BETWEEN ${onOrAfter}::date AND ${onOrBefore}::date)
     AND (${gender}::text IS NULL OR u.gender = ${gender}::text)
     AND (${!s.verifiedOnly} OR u.verified_at IS NOT NULL)
     AND ${notBlocked(s.viewerId, 'u.id')}
     AND ${notHidden(s.viewerId, 'u.id')}
   ORDER BY u.geo_km <-> ${origin}
   LIMIT ${s.limit}`;
}

/**
 * Runs a nearest-first query with sorting disabled for the planner. PostgreSQL estimates a
 * point-in-circle condition at 0.1 % of the rows whatever the area; on a small table, or in a
 * dense city, it would then rather fetch everything inside the circle and sort it. Without
 * sorting, the only plan that yields rows in distance order is the K-nearest-neighbour scan of
 * users_geo_knn_idx, which stops after LIMIT rows. Exactly the rule "never all within the radius
 * then sort", told to the planner.
 */
export function queryNearestFirst<T>(db: Database, query: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}

export const findNearby = (db: Database, s: NearbySearch) => queryNearestFirst(db, nearbyQuery(s));

/** The plan of the very query above (tests and benchmarks show it is index-driven). */
export async function explainNearby(db: Database, s: NearbySearch): Promise<string> {
  const rows = await queryNearestFirst(
    db,
    sql<{ 'QUERY PLAN': string }>`EXPLAIN ${nearbyQuery(s)}`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
