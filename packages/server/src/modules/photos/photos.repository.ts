/**
 * The gallery's SQL (issue 28): a member's photos in order (user_photos, migration 021), and the
 * one place that keeps users.photo_key equal to the first of them and takes the badge away when
 * the photos a check matched are gone. Callers run these in a transaction that first locks the
 * member's row (lockMember), so two edits of one gallery never interleave.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';
import { visibleMemberSql } from '../account/index.js';
import { notBlocked } from '../safety/index.js';

export interface GalleryRow {
  id: number;
  photo_key: string;
  position: number;
}

/** Locks the member's row for the transaction; false when there is no such live member. */
export async function lockMember(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function findMainPhotoKey(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('photo_key')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.photo_key ?? null;
}

export function findGallery(db: Database, userId: number): Promise<GalleryRow[]> {
  return db
    .selectFrom('user_photos')
    .select(['id', 'photo_key', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
}

/** The galleries of several members beyond their main photo, in order (the swipe deck). */
export async function findMorePhotoKeys(
  db: Database,
  userIds: number[],
): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_photos')
    .select(['user_id', 'photo_key'])
    .where('user_id', 'in', userIds)
    .where('position', '>', 0)
    .orderBy('user_id')
    .orderBy('position')
    .execute();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.photo_key]);
  return byUser;
}

export async function insertPhoto(db: Database, userId: number, key: string, position: number) {
  await db
    .insertInto('user_photos')
    .values({ user_id: userId, photo_key: key, position })
    .execute();
}

/** Puts `key` in place of the photo `photoId`; answers the key it replaced, or null. */
export async function replacePhotoKey(
  db: Database,
  userId: number,
  photoId: number,
  key: string,
): Promise<string | null> {
  const { rows } = await sql<{ previous: string }>`
    UPDATE user_photos p SET photo_key = ${key}
      FROM (SELECT id, photo_key FROM user_photos WHERE id = ${photoId} AND user_id = ${userId}) prev
     WHERE p.id = prev.id
     RETURNING prev.photo_key AS previous`.execute(db);
  return rows[0]?.previous ?? null;
}

/** Removes one photo of the member; answers its key, or null when it is not theirs. */
export async function deletePhotoRow(db: Database, userId: number, photoId: number) {
  const row = await db
    .deleteFrom('user_photos')
    .where('id', '=', photoId)
    .where('user_id', '=', userId)
    .returning('photo_key')
    .executeTakeFirst();
  return row?.photo_key ?? null;
}

/** Gives the photos `ids` the positions 0, 1, … in that order (checked by the caller). */
export async function setPositions(db: Database, userId: number, ids: number[]) {
  await sql`SET CONSTRAINTS user_photos_position_uq DEFERRED`.execute(db);
  await sql`UPDATE user_photos p SET position = o.ord - 1
      FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS o(id, ord)
     WHERE p.id = o.id AND p.user_id = ${userId}`.execute(db);
}

/**
 * After any change of the gallery: positions renumbered 0…n-1, users.photo_key set to the first
 * photo, and the badge cleared when the main photo is no longer the checked one or a checked
 * photo is gone. Answers whether the badge was taken away.
 */
export async function syncMainPhoto(db: Database, userId: number): Promise<boolean> {
  await sql`SET CONSTRAINTS user_photos_position_uq DEFERRED`.execute(db);
  await sql`UPDATE user_photos p SET position = r.pos
      FROM (SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::smallint AS pos
              FROM user_photos WHERE user_id = ${userId}) r
     WHERE p.id = r.id AND p.position <> r.pos`.execute(db);
  const { rows } = await sql<{ unverified: boolean }>`
    UPDATE users u SET
        photo_key = main.photo_key,
        verified_at = CASE WHEN lost.yes THEN NULL ELSE u.verified_at END,
        verified_photo_keys = CASE WHEN lost.yes THEN NULL ELSE u.verified_photo_keys END,
        updated_at = now()
      FROM (SELECT (SELECT photo_key FROM user_photos
                     WHERE user_id = ${userId} AND position = 0) AS photo_key) main,
           LATERAL (SELECT u2.verified_at IS NOT NULL AND (
                      main.photo_key IS DISTINCT FROM u2.verified_photo_keys[1]
                      OR EXISTS (SELECT 1 FROM unnest(u2.verified_photo_keys) k
                                  WHERE NOT EXISTS (SELECT 1 FROM user_photos q
                                                     WHERE q.user_id = ${userId}
                                                       AND q.photo_key = k))) AS yes
                      FROM users u2 WHERE u2.id = ${userId}) lost
     WHERE u.id = ${userId}
     RETURNING lost.yes AS unverified`.execute(db);
  await announce(db, { member: userId });
  return rows[0]?.unverified ?? false;
}

/**
 * Another member's gallery as `viewerId` may see it: empty when that member is hidden (not
 * visible, or a block either way), else their photos in order and whether they are verified.
 */
export async function findVisibleGallery(db: Database, viewerId: number, memberId: number) {
  const member = await db
    .selectFrom('users as u')
    .select(sql<boolean>`u.verified_at IS NOT NULL`.as('verified'))
    .where('u.id', '=', memberId)
    .where(sql<boolean>`${sql.raw(visibleMemberSql('u'))} AND ${notBlocked(viewerId, 'u.id')}`)
    .executeTakeFirst();
  if (!member) return null;
  return { verified: member.verified, photos: await findGallery(db, memberId) };
}
