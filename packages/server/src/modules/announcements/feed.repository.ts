/**
 * SQL behind the home feed (GET /announcements): active announcements of members others may
 * see (complete, not blocked or hidden, not deleted, not in anonymous mode), newest first or nearest
 * first, one page at a time.
 */
import { sql, type RawBuilder } from 'kysely';
import { planeKm, type TAnnouncementCategory } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { visibleMemberSql } from '../account/index.js';
import { notBlocked, notHidden } from '../safety/index.js';

export interface FeedRow {
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
  author_verified: boolean;
}

export interface FeedFilter {
  /**
   * The signed-in viewer: their own announcements, members blocked either way and pairs one of
   * them no longer wants to see (« Ne plus voir ce profil ») are left out.
   */
  viewerId: number | null;
  category: TAnnouncementCategory | null;
  /** "Je veux rencontrer": only authors of this gender (a filter of the request, never stored). */
  gender?: 'homme' | 'femme' | null;
  /** How many rows to return (the page size plus one, to learn whether more exist). */
  limit: number;
  offset: number;
}

const SELECT = sql`SELECT a.id, a.description, a.category, a.views, a.created_at,
    u.id AS author_id, u.name AS author_name, u.gender AS author_gender,
    to_char(u.birth_date, 'YYYY-MM-DD') AS author_birth_date, u.locality AS author_locality,
    u.photo_key AS author_photo_key, u.verified_at IS NOT NULL AS author_verified`;

/** The WHERE conditions every feed query shares. */
function feedConditions(filter: FeedFilter): RawBuilder<unknown>[] {
  // visibleMemberSql implies the predicate of users_geo_knn_idx (nearest first).
  const where = [sql`a.is_active`, sql`a.deleted_at IS NULL`, sql.raw(visibleMemberSql('u'))];
  if (filter.category) where.push(sql`a.category = ${filter.category}`);
  if (filter.gender) where.push(sql`u.gender = ${filter.gender}`);
  if (filter.viewerId !== null) {
    where.push(
      sql`a.user_id <> ${filter.viewerId}::bigint`,
      notBlocked(filter.viewerId, 'a.user_id'),
      notHidden(filter.viewerId, 'a.user_id'),
    );
  }
  return where;
}

const and = (where: RawBuilder<unknown>[]) => sql.join(where, sql` AND `);
const limitOffset = (filter: FeedFilter) => sql`LIMIT ${filter.limit} OFFSET ${filter.offset}`;

/** Newest first: announcements_feed_idx (or its per-category twin) walked in its order. */
export async function findNewestAnnouncements(db: Database, filter: FeedFilter) {
  const { rows } = await sql<FeedRow>`${SELECT}
       FROM announcements a JOIN users u ON u.id = a.user_id
      WHERE ${and(feedConditions(filter))}
      ORDER BY a.created_at DESC, a.id DESC
      ${limitOffset(filter)}`.execute(db);
  return rows;
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
type Plane = { x: number; y: number };

const distance = (p: Plane) => sql`(u.geo_km <-> point(${p.x}::float8, ${p.y}::float8))`;

/** Query 1: the distance of the page's last located row, by a KNN walk of the index. */
function edgeQuery(filter: FeedFilter, plane: Plane) {
  return sql<{ d: number }>`SELECT ${distance(plane)} AS d
       FROM users u JOIN announcements a ON a.user_id = u.id
      WHERE ${and(feedConditions(filter))} AND u.geo_km IS NOT NULL
      ORDER BY ${distance(plane)} OFFSET ${filter.offset + filter.limit - 1} LIMIT 1`;
}

/** Query 2: the page itself, within the edge's circle when there is one. */
function pageQuery(filter: FeedFilter, plane: Plane, radius: number | undefined) {
  const where = feedConditions(filter);
  if (radius !== undefined) {
    where.push(
      sql`u.geo_km <@ circle(point(${plane.x}::float8, ${plane.y}::float8), ${radius + EDGE_SLACK_KM}::float8)`,
    );
  }
  return sql<FeedRow>`${SELECT}
       FROM users u JOIN announcements a ON a.user_id = u.id
      WHERE ${and(where)}
      ORDER BY ${distance(plane)} NULLS LAST, a.created_at DESC, a.id DESC
      ${limitOffset(filter)}`;
}

export async function findNearestAnnouncements(
  db: Database,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
): Promise<FeedRow[]> {
  const plane = planeKm(origin);
  const found = await edgeQuery(filter, plane).execute(db);
  return (await pageQuery(filter, plane, found.rows[0]?.d).execute(db)).rows;
}

/**
 * The plans of both queries above, as PostgreSQL would run them for this page (tests and
 * benchmarks check that each is driven by users_geo_knn_idx, never a scan of every member).
 */
export async function explainNearestAnnouncements(
  db: Database,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
): Promise<{ edge: string; page: string }> {
  const plane = planeKm(origin);
  const plan = async (q: RawBuilder<unknown>) =>
    (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${q}`.execute(db)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const edge = edgeQuery(filter, plane);
  const found = await edge.execute(db);
  return { edge: await plan(edge), page: await plan(pageQuery(filter, plane, found.rows[0]?.d)) };
}
