/**
 * The query behind POST /profile/update: the editable fields, the passions and the photo of the
 * own profile.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';

/** A field left undefined keeps its value; null empties it. */
export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  locality?: string | null;
  /** Catalogue keys, already checked; [] empties the list. */
  passions?: string[];
  photoKey?: string;
}

/**
 * Applies the changes; answers the photo key the member had before (to delete its files).
 * The previous row is read under `FOR UPDATE` in the same statement, hence the `sql` template.
 */
export async function updateProfileFields(db: Database, userId: number, c: ProfileChanges) {
  const { rows } = await sql<{ previous_photo_key: string | null }>`
    UPDATE users u SET
        name = CASE WHEN ${c.name !== undefined} THEN ${c.name ?? null} ELSE u.name END,
        bio = CASE WHEN ${c.bio !== undefined} THEN ${c.bio ?? null} ELSE u.bio END,
        locality = CASE WHEN ${c.locality !== undefined} THEN ${c.locality ?? null}
                   ELSE u.locality END,
        passions = CASE WHEN ${c.passions !== undefined} THEN ${c.passions ?? null}::text[]
                   ELSE u.passions END,
        photo_key = coalesce(${c.photoKey ?? null}, u.photo_key),
        updated_at = now()
       FROM (SELECT id, photo_key FROM users WHERE id = ${userId} FOR UPDATE) prev
      WHERE u.id = prev.id AND u.deleted_at IS NULL
      RETURNING prev.photo_key AS previous_photo_key`.execute(db);
  await announce(db, { member: userId });
  return rows[0];
}
