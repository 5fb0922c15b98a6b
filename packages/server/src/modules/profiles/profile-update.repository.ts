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
}

/** Applies the changes (the photo is the gallery's: photos module); false when no member. */
export async function updateProfileFields(db: Database, userId: number, c: ProfileChanges) {
  const { rows } = await sql<{ id: number }>`
    UPDATE users u SET
        name = CASE WHEN ${c.name !== undefined} THEN ${c.name ?? null} ELSE u.name END,
        bio = CASE WHEN ${c.bio !== undefined} THEN ${c.bio ?? null} ELSE u.bio END,
        locality = CASE WHEN ${c.locality !== undefined} THEN ${c.locality ?? null}
                   ELSE u.locality END,
        passions = CASE WHEN ${c.passions !== undefined} THEN ${c.passions ?? null}::text[]
                   ELSE u.passions END,
        updated_at = now()
      WHERE u.id = ${userId} AND u.deleted_at IS NULL
      RETURNING u.id`.execute(db);
  await announce(db, { member: userId });
  return rows.length > 0;
}
