/**
 * Queries for a member's own announcements (insert, list, soft delete), the pricing facts, the
 * once-per-viewer view counter and the members told of a new announcement, on Kysely.
 */
import { sql, type Selectable } from 'kysely';
import type { TAnnouncementCategory } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { Announcements } from '../../db/schema.gen.js';
import { notBlocked } from '../safety/index.js';

const OWN_COLUMNS = ['id', 'description', 'category', 'views', 'is_active', 'created_at'] as const;

export type OwnAnnouncementRow = Pick<Selectable<Announcements>, (typeof OWN_COLUMNS)[number]>;

export function insertAnnouncement(
  db: Database,
  a: { userId: number; description: string; category: TAnnouncementCategory | null },
) {
  return db
    .insertInto('announcements')
    .values({ user_id: a.userId, description: a.description, category: a.category })
    .returning(OWN_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The member's announcements, newest first, deleted ones left out. */
export function findOwnAnnouncements(db: Database, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('announcements')
    .select(OWN_COLUMNS)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Soft delete by its author; false when it is not theirs or already deleted. */
export async function softDeleteAnnouncement(db: Database, id: number, userId: number) {
  const row = await db
    .updateTable('announcements')
    .set({ deleted_at: sql<Date>`now()`, is_active: false, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the member ever published one, deleted ones included (first one free, once). */
export async function hasPublishedBefore(db: Database, userId: number) {
  const row = await db
    .selectFrom('announcements')
    .select(sql<number>`1`.as('x'))
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the member's row until the transaction ends, so two publications of the same member
 * are priced one after the other (the second one is never "first" too). Returns the balance.
 */
export function lockMember(trx: Database, userId: number) {
  return trx
    .selectFrom('users')
    .select(['coins', 'name'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Counts a view of each announcement once per viewer: the insert into announcement_views does
 * nothing for a pair already there, and only the rows it did insert raise `views`. Answers the
 * new counts of the announcements whose counter moved.
 */
export async function recordViews(db: Database, viewerId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .with('seen', (w) =>
      w
        .insertInto('announcement_views')
        .columns(['announcement_id', 'viewer_id'])
        .expression((eb) =>
          eb
            .selectFrom(sql<{ a: number }>`unnest(${[...ids]}::bigint[])`.as('a'))
            .select((s) => ['a', s.val(viewerId).as('viewer_id')]),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('announcement_id'),
    )
    .updateTable('announcements as a')
    .from('seen')
    .set((eb) => ({ views: eb('a.views', '+', 1) }))
    .whereRef('a.id', '=', 'seen.announcement_id')
    .returning(['a.id', 'a.views'])
    .execute();
  return new Map(rows.map((r) => [r.id, r.views]));
}

/**
 * Members told of a new announcement: those the author matched (each liked the other, table
 * `swipes` of migration 006), blocks either way and blocked accounts excepted. Most recent
 * matches first, at most `limit`. An author in anonymous mode announces nothing to anyone.
 */
export async function findMatchedMembers(db: Database, authorId: number, limit: number) {
  const rows = await db
    .selectFrom('swipes as mine')
    .innerJoin('swipes as theirs', (j) =>
      j
        .onRef('theirs.swiper_id', '=', 'mine.target_id')
        .onRef('theirs.target_id', '=', 'mine.swiper_id')
        .on('theirs.action', '=', 'like'),
    )
    .innerJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'mine.target_id').on('u.blocked_at', 'is', null),
    )
    .select('mine.target_id as id')
    .where('mine.swiper_id', '=', authorId)
    .where('mine.action', '=', 'like')
    .where(sql<boolean>`NOT (SELECT anonymous FROM users WHERE id = ${authorId})`)
    .where(notBlocked(authorId, 'mine.target_id'))
    .orderBy(sql`greatest(mine.updated_at, theirs.updated_at)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
