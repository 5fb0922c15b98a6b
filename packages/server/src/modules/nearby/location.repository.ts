/**
 * SQL of the member's own position and of the nearest-first search. Others are only ever
 * reached through users.fuzz_pos / users.geo_km (migration 006), never through lat/lng.
 */
import { one, type Db, type Param, type Row, type Sql } from '../../db/db.js';
import { visibleMemberSql } from '../account/visibility.js';
import { notBlockedSql } from '../safety/blocks.js';

export interface ViewerRow extends Record<string, unknown> {
  lat: number | null;
  lng: number | null;
  gender: 'homme' | 'femme' | null;
  name: string | null;
  photo_key: string | null;
  location_updated_at: Date | null;
  /** Anonymous mode: notifications about this member's actions carry no name or photo. */
  anonymous: boolean;
}

/** The member as the start of their own searches, and as a liker or viewer in notifications. */
export const findViewer = (sql: Sql, userId: number) =>
  one<ViewerRow>(
    sql,
    `SELECT lat, lng, gender, name, photo_key, location_updated_at, anonymous
       FROM users WHERE id = $1`,
    [userId],
  );

/** Stores an already rounded position; the fuzzed columns follow by themselves. */
export async function updateOwnPosition(sql: Sql, userId: number, lat: number, lng: number) {
  await sql.query(
    `UPDATE users SET lat = $2, lng = $3, location_updated_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId, lat, lng],
  );
}

export interface NearbyRow extends Record<string, unknown> {
  id: number;
  name: string | null;
  birth_date: string | null;
  photo_key: string | null;
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
  limit: number;
}

/**
 * K nearest visible members by fuzzed marker: one GiST index scan (users_geo_knn_idx) that
 * walks outwards from the origin, stops at the circle's edge or after `limit` rows, whichever
 * comes first. Age and block filters are checked on the rows as the scan meets them.
 */
const NEARBY_SQL = `
  SELECT u.id, u.name, to_char(u.birth_date, 'YYYY-MM-DD') AS birth_date, u.photo_key,
         u.fuzz_pos[1] AS fuzz_lat, u.fuzz_pos[0] AS fuzz_lng
    FROM users u
   WHERE ${visibleMemberSql('u')}
     AND u.geo_km <@ circle(point($2, $3), $4)
     AND u.id <> $1
     AND ($5::date IS NULL OR u.birth_date BETWEEN $5::date AND $6::date)
     AND ${notBlockedSql('$1', 'u.id')}
   ORDER BY u.geo_km <-> point($2, $3)
   LIMIT $7`;

const nearbyParams = (s: NearbySearch): Param[] => [
  s.viewerId,
  s.planeX,
  s.planeY,
  s.planeRadiusKm,
  s.born?.onOrAfter ?? null,
  s.born?.onOrBefore ?? null,
  s.limit,
];

/**
 * Runs a nearest-first query with sorting disabled for the planner. PostgreSQL estimates a
 * point-in-circle condition at 0.1 % of the rows whatever the area; on a small table, or in a
 * dense city, it would then rather fetch everything inside the circle and sort it. Without
 * sorting, the only plan that yields rows in distance order is the K-nearest-neighbour scan of
 * users_geo_knn_idx, which stops after LIMIT rows. Exactly the rule "never all within the radius
 * then sort", told to the planner.
 */
export function queryNearestFirst<T extends Row>(
  db: Db,
  text: string,
  params: Param[],
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_sort = off');
    return tx.query<T>(text, params);
  });
}

export const findNearby = (db: Db, s: NearbySearch) =>
  queryNearestFirst<NearbyRow>(db, NEARBY_SQL, nearbyParams(s));

/** The plan of the very query above (tests and benchmarks show it is index-driven). */
export async function explainNearby(db: Db, s: NearbySearch): Promise<string> {
  const rows = await queryNearestFirst<{ 'QUERY PLAN': string }>(
    db,
    `EXPLAIN ${NEARBY_SQL}`,
    nearbyParams(s),
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
