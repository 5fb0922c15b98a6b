/**
 * Queries behind the data export (GET /account/export): everything stored about the member,
 * read from each feature's tables. Long lists are capped (EXPORT_MAX_ROWS, newest first).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

export const EXPORT_MAX_ROWS = 10_000;

export const findExportAccount = (db: Database, userId: number) =>
  db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'email',
      'name',
      'gender',
      sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'locality',
      'bio',
      'details',
      'passions',
      'photo_key',
      'coins',
      'invitation_code',
      'anonymous',
      eb('google_sub', 'is not', null).as('google_linked'),
      'lat',
      'lng',
      'location_updated_at',
      'email_verified_at',
      'profile_completed_at',
      'last_seen_at',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Each list of the export, newest first, for one member. */
export async function findExportLists(db: Database, userId: number) {
  const [
    coin_movements,
    announcements,
    swipes,
    messages_sent,
    notifications,
    sessions,
    blocks,
    hidden_profiles,
    reports,
    push_subscriptions,
  ] = await Promise.all([
    db
      .selectFrom('coin_movements')
      .select(['amount', 'balance_after', 'reason', 'meta', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('announcements')
      .select(['id', 'description', 'category', 'views', 'is_active', 'deleted_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('swipes')
      .select(['target_id', 'action', 'created_at', 'updated_at'])
      .where('swiper_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('messages')
      .select(['chat_id', 'type', 'content', 'created_at', 'edited_at', 'deleted_at'])
      .where('sender_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('notifications')
      .select(['type', 'title', 'message', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_used_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('blocks')
      .select(['blocked_id', 'created_at'])
      .where('blocker_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    // « Ne plus voir ce profil »: the members this member chose to stop seeing.
    db
      .selectFrom('hidden_profiles')
      .select(['hidden_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('reports')
      .select(['reported_id', 'reason', 'details', 'created_at'])
      .where('reporter_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(EXPORT_MAX_ROWS)
      .execute(),
    db
      .selectFrom('push_subscriptions')
      .select(['created_at'])
      .where('user_id', '=', userId)
      .limit(EXPORT_MAX_ROWS)
      .execute(),
  ]);
  return {
    coin_movements,
    announcements,
    swipes,
    messages_sent,
    notifications,
    sessions,
    blocks,
    hidden_profiles,
    reports,
    push_subscriptions,
  };
}

/** Other features' tables, exported whole (row by row) when this database has them. */
const OPTIONAL_LISTS = {
  payment_orders: 'user_id',
  member_activity: 'user_id',
} as const;

export async function findOptionalExportLists(db: Database, userId: number) {
  const lists: Record<string, unknown[]> = {};
  for (const [table, owner] of Object.entries(OPTIONAL_LISTS)) {
    const found = await sql<{ t: string | null }>`SELECT to_regclass(${table})::text AS t`.execute(
      db,
    );
    if (!found.rows[0]?.t) continue;
    // Names from the constant above, quoted as identifiers; the member's id as a parameter.
    const rows = await sql<{ row: unknown }>`SELECT to_jsonb(t.*) AS row
        FROM ${sql.table(table)} t WHERE ${sql.ref(`t.${owner}`)} = ${userId}
       LIMIT ${EXPORT_MAX_ROWS}`.execute(db);
    lists[table] = rows.rows.map((r) => r.row);
  }
  return lists;
}
