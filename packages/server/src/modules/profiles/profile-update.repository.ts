/** SQL behind POST /profile/update: the editable fields and the photo of the own profile. */
import { one, type Sql } from '../../db/db.js';

/** A field left undefined keeps its value; null empties it. */
export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  locality?: string | null;
  photoKey?: string;
}

/** Applies the changes; answers the photo key the member had before (to delete its files). */
export async function updateProfileFields(sql: Sql, userId: number, c: ProfileChanges) {
  const row = await one<{ previous_photo_key: string | null }>(
    sql,
    `UPDATE users u SET
        name = CASE WHEN $2 THEN $3 ELSE u.name END,
        bio = CASE WHEN $4 THEN $5 ELSE u.bio END,
        locality = CASE WHEN $6 THEN $7 ELSE u.locality END,
        photo_key = coalesce($8, u.photo_key),
        updated_at = now()
       FROM (SELECT id, photo_key FROM users WHERE id = $1 FOR UPDATE) prev
      WHERE u.id = prev.id AND u.deleted_at IS NULL
      RETURNING prev.photo_key AS previous_photo_key`,
    [
      userId,
      c.name !== undefined,
      c.name ?? null,
      c.bio !== undefined,
      c.bio ?? null,
      c.locality !== undefined,
      c.locality ?? null,
      c.photoKey ?? null,
    ],
  );
  return row;
}
