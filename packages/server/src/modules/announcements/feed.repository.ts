/**
 * SQL behind the home feed (GET /announcements): active announcements of members who can be
 * shown, newest first or nearest first, one page at a time.
 */
import type { TAnnouncementCategory } from '@app/shared';
import type { Param, Sql } from '../../db/db.js';
import { notBlockedSql } from '../safety/blocks.js';

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
  const where = [
    'a.is_active',
    'a.deleted_at IS NULL',
    'u.blocked_at IS NULL',
    'u.profile_completed_at IS NOT NULL',
  ];
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

/** Newest first: a backward walk of announcements_feed_idx (or its per-category twin). */
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

const KM_PER_DEGREE = 111.32;
/**
 * Radii of the successive searches, in km: the two cities of the demo and most members fit in
 * the first; each next one is tried only when the previous circle held too few announcements.
 */
const SEARCH_RADII_KM = [25, 100, 400, 1600] as const;

/**
 * Nearest first, without PostGIS or any extension (PGlite has none), through a plain btree:
 *
 * 1. Search a circle of radius R around the viewer. The circle is found through its bounding
 *    box, `lat BETWEEN … AND lng BETWEEN …`, which walks the btree users_position_idx and
 *    reaches only the members inside the box; each one's announcements come through
 *    announcements_user_idx. Rows are ordered by the squared planar distance (longitude scaled
 *    by cos(latitude), exact enough at these distances) and cut by LIMIT/OFFSET.
 * 2. Every announcement within R of the viewer is in that circle, so when the circle holds
 *    more rows than `offset + limit` the page is exactly the global nearest-first page. When it
 *    holds fewer, the search is repeated with a 4× larger radius; after the last radius, one
 *    query without a box returns the rest (authors with no position come last).
 *
 * The cost is proportional to the announcements inside the first circle that suffices, never
 * to the whole table, and most pages are answered by the first query.
 */
export async function findNearestAnnouncements(
  sql: Sql,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
): Promise<FeedRow[]> {
  const cos = Math.max(Math.cos((origin.lat * Math.PI) / 180), 0.01);
  for (const km of SEARCH_RADII_KM) {
    const rows = await nearestWithin(sql, filter, origin, cos, km / KM_PER_DEGREE);
    if (rows.length >= filter.limit) return rows;
  }
  return nearestWithin(sql, filter, origin, cos, null);
}

function nearestWithin(
  sql: Sql,
  filter: FeedFilter,
  origin: { lat: number; lng: number },
  cos: number,
  radiusDeg: number | null,
) {
  const params: Param[] = [origin.lat, origin.lng, cos];
  const distance = `((u.lat - $1::float8) ^ 2 + ((u.lng - $2::float8) * $3::float8) ^ 2)`;
  const where = feedConditions(filter, params);
  if (radiusDeg !== null) {
    params.push(radiusDeg, radiusDeg / cos);
    const [r, rLng] = [`$${params.length - 1}::float8`, `$${params.length}::float8`];
    where.push(
      `u.lat BETWEEN $1::float8 - ${r} AND $1::float8 + ${r}`,
      `u.lng BETWEEN $2::float8 - ${rLng} AND $2::float8 + ${rLng}`,
      `${distance} <= ${r} ^ 2`,
    );
  }
  return sql.query<FeedRow>(
    `${SELECT}
       FROM users u JOIN announcements a ON a.user_id = u.id AND a.deleted_at IS NULL
      WHERE ${where.join(' AND ')}
      ORDER BY ${distance} NULLS LAST, a.created_at DESC, a.id DESC
      ${limitOffset(filter, params)}`,
    params,
  );
}
