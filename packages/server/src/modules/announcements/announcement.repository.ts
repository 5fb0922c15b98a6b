/**
 * SQL for a member's own announcements (insert, list, soft delete), the pricing facts, the
 * once-per-viewer view counter and the members told of a new announcement.
 */
import type { TAnnouncementCategory } from '@app/shared';
import { one, type Sql } from '../../db/db.js';
import { notBlockedSql } from '../safety/blocks.js';

export interface OwnAnnouncementRow extends Record<string, unknown> {
  id: number;
  description: string;
  category: TAnnouncementCategory | null;
  views: number;
  is_active: boolean;
  created_at: Date;
}

const OWN_COLUMNS = 'id, description, category, views, is_active, created_at';

export async function insertAnnouncement(
  tx: Sql,
  a: { userId: number; description: string; category: TAnnouncementCategory | null },
) {
  const row = await one<OwnAnnouncementRow>(
    tx,
    `INSERT INTO announcements (user_id, description, category) VALUES ($1, $2, $3)
     RETURNING ${OWN_COLUMNS}`,
    [a.userId, a.description, a.category],
  );
  if (!row) throw new Error('insert announcement failed');
  return row;
}

/** The member's announcements, newest first, deleted ones left out. */
export function findOwnAnnouncements(sql: Sql, userId: number, limit: number, offset: number) {
  return sql.query<OwnAnnouncementRow>(
    `SELECT ${OWN_COLUMNS} FROM announcements
      WHERE user_id = $1 AND deleted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** Soft delete by its author; false when it is not theirs or already deleted. */
export async function softDeleteAnnouncement(sql: Sql, id: number, userId: number) {
  const rows = await sql.query(
    `UPDATE announcements SET deleted_at = now(), is_active = false, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id`,
    [id, userId],
  );
  return rows.length === 1;
}

/** Whether the member ever published one, deleted ones included (first one free, once). */
export async function hasPublishedBefore(sql: Sql, userId: number) {
  return !!(await one(sql, 'SELECT 1 AS x FROM announcements WHERE user_id = $1 LIMIT 1', [
    userId,
  ]));
}

/**
 * Locks the member's row until the transaction ends, so two publications of the same member
 * are priced one after the other (the second one is never "first" too). Returns the balance.
 */
export async function lockMember(tx: Sql, userId: number) {
  return one<{ coins: number; name: string | null }>(
    tx,
    'SELECT coins, name FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
}

export async function findBalance(sql: Sql, userId: number) {
  return (await one<{ coins: number }>(sql, 'SELECT coins FROM users WHERE id = $1', [userId]))
    ?.coins;
}

/**
 * Counts a view of each announcement once per viewer: the insert into announcement_views does
 * nothing for a pair already there, and only the rows it did insert raise `views`. Answers the
 * new counts of the announcements whose counter moved.
 */
export async function recordViews(sql: Sql, viewerId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await sql.query<{ id: number; views: number }>(
    `WITH seen AS (
       INSERT INTO announcement_views (announcement_id, viewer_id)
       SELECT unnest($2::bigint[]), $1
       ON CONFLICT DO NOTHING
       RETURNING announcement_id)
     UPDATE announcements a SET views = a.views + 1
       FROM seen WHERE a.id = seen.announcement_id
     RETURNING a.id, a.views`,
    [viewerId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.views]));
}

/**
 * Members told of a new announcement: those the author matched (each liked the other, table
 * `swipes` of migration 006), blocks either way and blocked accounts excepted. Most recent
 * matches first, at most `limit`.
 */
export async function findMatchedMembers(sql: Sql, authorId: number, limit: number) {
  const rows = await sql.query<{ id: number }>(
    `SELECT mine.target_id AS id
       FROM swipes mine
       JOIN swipes theirs ON theirs.swiper_id = mine.target_id AND theirs.target_id = mine.swiper_id
                         AND theirs.action = 'like'
       JOIN users u ON u.id = mine.target_id AND u.blocked_at IS NULL
      WHERE mine.swiper_id = $1 AND mine.action = 'like'
        -- An author in anonymous mode does not announce new announcements to anyone.
        AND NOT (SELECT anonymous FROM users WHERE id = $1)
        AND ${notBlockedSql('$1::bigint', 'mine.target_id')}
      ORDER BY greatest(mine.updated_at, theirs.updated_at) DESC LIMIT $2`,
    [authorId, limit],
  );
  return rows.map((r) => r.id);
}
