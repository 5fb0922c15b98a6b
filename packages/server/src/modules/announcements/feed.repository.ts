/**
 * SQL behind the home feed (GET /announcements): active announcements of members others may
 * see (complete, not blocked, not deleted, not in anonymous mode), newest first or nearest
 * first, one page at a time.
 */
import { planeKm, type TAnnouncementCategory } from '@app/shared';
import type { Param, Sql } from '../../db/db.js';
import { notBlockedSql } from '../safety/blocks.js';
import { visibleMemberSql } from '../account/visibility.js';

export interface FeedRow extends Record<string, unknown> {
  id: number;
  description: string;
  category: TAnnouncementCategory | null;
  views: number;
  created_at: Date;
  author_id: number;
  author_name: string | null;
  author_gender: 'homme' | 'femme' | null;
  author_birth_date: string | null;
  author_locality: string | null;
  author_photo_key: string | null;
}

export interface FeedFilter {
  /** The signed-in viewer: their own announcements and members blocked either way are left out. */
  viewerId: number | null;
  category: TAnnouncementCategory | null;
  /** How many rows to return (the page size plus one, to learn whether more exist). */
  limit: number;
  offset: number;
}

const SELECT = `SELECT a.id, a.description, a.category, a.views, a.created_at,
    u.id AS author_id, u.name AS author_name, u.gender AS author_gender,
    to_char(u.birth_date, 'YYYY-MM-DD') AS author_birth_date, u.locality AS author_locality,
    u.photo_key AS author_photo_key`;

/** The WHERE conditions every feed query shares, with their parameters appended to `params`. */
function feedConditions(filter: FeedFilter, params: Param[]): string[] {
  // visibleMemberSql implies the predicate of users_geo_knn_idx (nearest first).
  const where = ['a.is_active', 'a.deleted_at IS NULL', visibleMemberSql('u')];
  if (filter.category) {
    params.push(filter.category);
    where.push(`a.category = $${params.length}`);
  }
  if (filter.viewerId !== null) {
    params.push(filter.viewerId);
    const viewer = `$${params.length}::bigint`;
    where.push(`a.user_id <> ${viewer}`, notBlockedSql(viewer, 'a.user_id'));
  }
  return where;
}

function limitOffset(filter: FeedFilter, params: Param[]) {
  params.push(filter.limit, filter.offset);
  return `LIMIT $${params.length - 1} OFFSET $${params.length}`;
}

/** Newest first: announcements_feed_idx (or its per-category twin) walked in its order. */
export function findNewestAnnouncements(sql: Sql, filter: FeedFilter) {
  const params: Param[] = [];
  const where = feedConditions(filter, params);
  return sql.query<FeedRow>(
    `${SELECT}
       FROM announcements a JOIN users u ON u.id = a.user_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.created_at DESC, a.id DESC
      ${limitOffset(filter, params)}`,
    params,
  );
}

/** How much wider than the page's last row the circle is, so float rounding never drops it. */
const EDGE_SLACK_KM = 1e-6;

/**
 * Nearest first, without any extension (PGlite has none), on the positions others may see:
 * `users.geo_km`, the member's fuzzed marker projected to a plane in km, with its core GiST
 * index users_geo_knn_idx (migration 006). Ordering by the raw lat/lng instead would let anyone
 * who sends made-up user_lat/user_lng and watches the order trilaterate an author.
 *
 * PostgreSQL walks a GiST index in distance order ("K nearest neighbours") only when the
 * distance is the sole ORDER BY key, yet a page needs a tie-break (one author's announcements
 * share a distance) to be stable. So, two index-driven queries:
 *
 * 1. the distance of the last row of the page: a KNN scan that stops after offset + limit rows;
 * 2. every row within that distance (a GiST circle condition: no more rows than the page needs,
 *    plus the rest of a tie), sorted with the tie-break and cut by LIMIT/OFFSET.
 *
 * When fewer rows than that exist with a position, the second query runs without a circle and
 * the authors who never shared a position come last. Either way the cost grows with the page
 * number, never with the size of the table.
 */
interface Query {
  text: string;
  params: Param[];
}

const distanceSql = `(u.geo_km <-> point($1::float8, $2::float8))`;

/** Query 1: the distance of the page's last located row, by a KNN walk of the index. */
function edgeQuery(filter: FeedFilter, plane: { x: number; y: number }): Query {
  const params: Param[] = [plane.x, plane.y];
  const where = feedConditions(filter, params);
  params.push(filter.offset + filter.limit - 1);
  return {
    text: `SELECT ${distanceSql} AS d
       FROM users u JOIN announcements a ON a.user_id = u.id
      WHERE ${where.join(' AND ')} AND u.geo_km IS NOT NULL
      ORDER BY ${distanceSql} OFFSET $${params.length} LIMIT 1`,
    params,
  };
}

/** Query 2: the page itself, within the edge's circle when there is one. */
function pageQuery(
  filter: FeedFilter,
  plane: { x: number; y: number },
  radius: number | undefined,
): Query {
  const params: Param[] = [plane.x, plane.y];
  const where = feedConditions(filter, params);
  if (radius !== undefined) {
    params.push(radius + EDGE_SLACK_KM);
    where.push(`u.geo_km <@ circle(point($1::float8, $2::float8), $${params.length}::float8)`);
  }
  return {
    text: `${SELECT}
       FROM users u JOIN announcements a ON a.user_id = u.id
      WHERE ${where.join(' AND ')}
      ORDER BY ${distanceSql} NULLS LAST, a.created_at DESC, a.id DESC
      ${limitOffset(filter, params)}`,
    params,
  };
}

export async function findNearestAnnouncements(
  sql: Sql,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
): Promise<FeedRow[]> {
  const plane = planeKm(origin);
  const edge = edgeQuery(filter, plane);
  const found = await sql.query<{ d: number }>(edge.text, edge.params);
  const page = pageQuery(filter, plane, found[0]?.d);
  return sql.query<FeedRow>(page.text, page.params);
}

/**
 * The plans of both queries above, as PostgreSQL would run them for this page (tests and
 * benchmarks check that each is driven by users_geo_knn_idx, never a scan of every member).
 */
export async function explainNearestAnnouncements(
  sql: Sql,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
): Promise<{ edge: string; page: string }> {
  const plane = planeKm(origin);
  const plan = async (q: Query) =>
    (await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.text}`, q.params))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const edge = edgeQuery(filter, plane);
  const found = await sql.query<{ d: number }>(edge.text, edge.params);
  return { edge: await plan(edge), page: await plan(pageQuery(filter, plane, found[0]?.d)) };
}
