/** Queries behind anonymous stories: publication, the approved feed, views and likes (Kysely). */
import { sql } from 'kysely';
import type { TStoryHoldReason, TStoryStatus } from '@app/shared';
import type { Database } from '../../db/kysely.js';

export interface NewStory {
  authorId: number;
  content: string;
  status: TStoryStatus;
  heldReason: TStoryHoldReason | null;
}

export function insertStory(db: Database, s: NewStory) {
  return db
    .insertInto('stories')
    .values({
      author_id: s.authorId,
      content: s.content,
      status: s.status,
      held_reason: s.heldReason,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
}

/**
 * One page of approved stories, newest first (a backward walk of stories_feed_idx), with
 * whether `likerKey` already liked each. The author is not selected at all.
 */
export function findApprovedStories(
  db: Database,
  limit: number,
  offset: number,
  likerKey: string | null,
) {
  return db
    .selectFrom('stories as s')
    .select(['s.id', 's.content', 's.created_at', 's.views', 's.likes'])
    .select(
      sql<boolean>`(${likerKey}::text IS NOT NULL AND EXISTS (
        SELECT 1 FROM story_likes l WHERE l.story_id = s.id AND l.liker_key = ${likerKey}))`.as(
        'liked',
      ),
    )
    .where('s.status', '=', 'approved')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type StoryRow = Awaited<ReturnType<typeof findApprovedStories>>[number];

export async function countApprovedStories(db: Database) {
  const row = await db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Counts a view once per viewer key; answers the count, or undefined when the story is not
 * in the feed (missing, pending or rejected).
 */
export async function recordView(
  db: Database,
  storyId: number,
  key: string,
  userId: number | null,
) {
  return countOnce(db, VIEWS, storyId, key, userId);
}

/** Counts a like once per liker key; same answers as `recordView`. */
export async function recordLike(
  db: Database,
  storyId: number,
  key: string,
  userId: number | null,
) {
  return countOnce(db, LIKES, storyId, key, userId);
}

/** The table of one counter, its key column and the story's counter column (fixed names). */
interface Counter {
  table: 'story_views' | 'story_likes';
  keyColumn: 'viewer_key' | 'liker_key';
  counter: 'views' | 'likes';
}
const VIEWS: Counter = { table: 'story_views', keyColumn: 'viewer_key', counter: 'views' };
const LIKES: Counter = { table: 'story_likes', keyColumn: 'liker_key', counter: 'likes' };

/**
 * The row goes in unless it exists, and the counter moves only if it went in (one statement).
 * A repeat reads the count again in a fresh statement: under READ COMMITTED that one sees a
 * concurrent first like that the statement above had to wait for.
 */
async function countOnce(
  db: Database,
  c: Counter,
  storyId: number,
  key: string,
  userId: number | null,
): Promise<number | undefined> {
  const table = sql.table(c.table);
  const keyColumn = sql.ref(c.keyColumn);
  const counter = sql.ref(c.counter);
  const { rows } = await sql<{ n: number | null; found: boolean }>`
    WITH target AS (SELECT id FROM stories WHERE id = ${storyId} AND status = 'approved'),
         ins AS (
           INSERT INTO ${table} (story_id, ${keyColumn}, user_id)
           SELECT id, ${key}, ${userId}::bigint FROM target
           ON CONFLICT DO NOTHING RETURNING story_id),
         bumped AS (
           UPDATE stories SET ${counter} = ${counter} + 1
            WHERE id IN (SELECT story_id FROM ins) RETURNING ${counter} AS n)
    SELECT (SELECT n FROM bumped) AS n, EXISTS (SELECT 1 FROM target) AS found`.execute(db);
  const row = rows[0];
  if (!row?.found) return undefined;
  if (row.n !== null) return row.n;
  const current = await db
    .selectFrom('stories')
    .select(c.counter === 'views' ? 'views as n' : 'likes as n')
    .where('id', '=', storyId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return current?.n;
}

/** A deleted account's stories go; its likes are withdrawn (counts follow), its views forgotten. */
export async function forgetStoryAuthor(trx: Database, userId: number) {
  await trx.deleteFrom('stories').where('author_id', '=', userId).execute();
  await trx
    .updateTable('stories as s')
    .from('story_likes as l')
    .set({ likes: sql<number>`greatest(s.likes - 1, 0)` })
    .whereRef('l.story_id', '=', 's.id')
    .where('l.user_id', '=', userId)
    .execute();
  await trx.deleteFrom('story_likes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('story_views').where('user_id', '=', userId).execute();
}

/** The member's own stories, for their data export. */
export function findStoriesOfAuthor(db: Database, userId: number) {
  return db
    .selectFrom('stories')
    .select(['id', 'content', 'status', 'views', 'likes', 'created_at'])
    .where('author_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}
