/** SQL behind anonymous stories: publication, the approved feed, views and likes. */
import type { TStoryHoldReason, TStoryStatus } from '@app/shared';
import { one, type Sql } from '../../db/db.js';

export interface StoryRow extends Record<string, unknown> {
  id: number;
  content: string;
  created_at: Date;
  views: number;
  likes: number;
  liked: boolean;
}

export interface NewStory {
  authorId: number;
  content: string;
  status: TStoryStatus;
  heldReason: TStoryHoldReason | null;
}

export async function insertStory(sql: Sql, s: NewStory) {
  const row = await one<{ id: number; status: TStoryStatus }>(
    sql,
    `INSERT INTO stories (author_id, content, status, held_reason) VALUES ($1, $2, $3, $4)
     RETURNING id, status`,
    [s.authorId, s.content, s.status, s.heldReason],
  );
  if (!row) throw new Error('insert story failed');
  return row;
}

/**
 * One page of approved stories, newest first (a backward walk of stories_feed_idx), with
 * whether `likerKey` already liked each. The author is not selected at all.
 */
export function findApprovedStories(
  sql: Sql,
  limit: number,
  offset: number,
  likerKey: string | null,
) {
  return sql.query<StoryRow>(
    `SELECT s.id, s.content, s.created_at, s.views, s.likes,
            ($3::text IS NOT NULL AND EXISTS (
              SELECT 1 FROM story_likes l WHERE l.story_id = s.id AND l.liker_key = $3)) AS liked
       FROM stories s
      WHERE s.status = 'approved'
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT $1 OFFSET $2`,
    [limit, offset, likerKey],
  );
}

export async function countApprovedStories(sql: Sql) {
  const row = await one<{ n: number }>(
    sql,
    `SELECT count(*)::int AS n FROM stories WHERE status = 'approved'`,
  );
  return row?.n ?? 0;
}

/**
 * Counts a view once per viewer key; answers the count, or undefined when the story is not
 * in the feed (missing, pending or rejected).
 */
export async function recordView(sql: Sql, storyId: number, key: string, userId: number | null) {
  return countOnce(sql, 'story_views', 'viewer_key', 'views', storyId, key, userId);
}

/** Counts a like once per liker key; same answers as `recordView`. */
export async function recordLike(sql: Sql, storyId: number, key: string, userId: number | null) {
  return countOnce(sql, 'story_likes', 'liker_key', 'likes', storyId, key, userId);
}

/**
 * The row goes in unless it exists, and the counter moves only if it went in (one statement).
 * A repeat reads the count again in a fresh statement: under READ COMMITTED that one sees a
 * concurrent first like that the statement above had to wait for.
 */
async function countOnce(
  sql: Sql,
  table: 'story_views' | 'story_likes',
  keyColumn: 'viewer_key' | 'liker_key',
  counter: 'views' | 'likes',
  storyId: number,
  key: string,
  userId: number | null,
): Promise<number | undefined> {
  const row = await one<{ n: number | null; found: boolean }>(
    sql,
    `WITH target AS (SELECT id FROM stories WHERE id = $1 AND status = 'approved'),
          ins AS (
            INSERT INTO ${table} (story_id, ${keyColumn}, user_id)
            SELECT id, $2, $3 FROM target
            ON CONFLICT DO NOTHING RETURNING story_id),
          bumped AS (
            UPDATE stories SET ${counter} = ${counter} + 1
             WHERE id IN (SELECT story_id FROM ins) RETURNING ${counter} AS n)
     SELECT (SELECT n FROM bumped) AS n, EXISTS (SELECT 1 FROM target) AS found`,
    [storyId, key, userId],
  );
  if (!row?.found) return undefined;
  if (row.n !== null) return row.n;
  const current = await one<{ n: number }>(
    sql,
    `SELECT ${counter} AS n FROM stories WHERE id = $1 AND status = 'approved'`,
    [storyId],
  );
  return current?.n;
}

/** A deleted account's stories go; its likes are withdrawn (counts follow), its views forgotten. */
export async function forgetStoryAuthor(tx: Sql, userId: number) {
  await tx.query('DELETE FROM stories WHERE author_id = $1', [userId]);
  await tx.query(
    `UPDATE stories s SET likes = greatest(s.likes - 1, 0)
       FROM story_likes l WHERE l.story_id = s.id AND l.user_id = $1`,
    [userId],
  );
  await tx.query('DELETE FROM story_likes WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM story_views WHERE user_id = $1', [userId]);
}

/** The member's own stories, for their data export. */
export function findStoriesOfAuthor(sql: Sql, userId: number) {
  return sql.query<{
    id: number;
    content: string;
    status: TStoryStatus;
    views: number;
    likes: number;
    created_at: Date;
  }>(
    `SELECT id, content, status, views, likes, created_at FROM stories
      WHERE author_id = $1 ORDER BY created_at DESC`,
    [userId],
  );
}
