/** Queries on `member_settings` (migration 020): one row per member who changed a setting. */
import type { TMemberSettings } from '@app/shared';
import type { Database } from '../../db/kysely.js';

const COLUMNS = [
  'user_id',
  'hide_distance',
  'hide_online',
  'read_receipts',
  'who_can_message',
  'hide_from_nearby',
  'verified_only_messages',
  'receive_calls',
] as const;

/** The rows of the members among `ids` who have one (the others have the defaults). */
export function findSettingsRows(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('member_settings').select(COLUMNS).where('user_id', 'in', ids).execute();
}

/** Writes the given settings, creating the member's row with the defaults for the rest. */
export async function upsertSettings(
  db: Database,
  userId: number,
  change: Partial<TMemberSettings>,
) {
  return db
    .insertInto('member_settings')
    .values({ user_id: userId, ...change })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: new Date() }))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
