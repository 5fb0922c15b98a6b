/**
 * SQL behind the data export (GET /account/export): everything stored about the member, read
 * from each feature's tables. Long lists are capped (EXPORT_MAX_ROWS, newest first).
 */
import { one, type Row, type Sql } from '../../db/db.js';

export const EXPORT_MAX_ROWS = 10_000;

export const findExportAccount = (sql: Sql, userId: number) =>
  one(
    sql,
    `SELECT id, email, name, gender, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, locality, bio,
            details, passions, photo_key, coins, invitation_code, anonymous,
            google_sub IS NOT NULL AS google_linked, lat, lng, location_updated_at,
            email_verified_at, profile_completed_at, last_seen_at, created_at, updated_at
       FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );

/** Each list of the export: a label and the query that reads it for one member ($1). */
const LISTS = {
  coin_movements: `SELECT amount, balance_after, reason, meta, created_at FROM coin_movements
    WHERE user_id = $1 ORDER BY id DESC`,
  announcements: `SELECT id, description, category, views, is_active, deleted_at, created_at
    FROM announcements WHERE user_id = $1 ORDER BY created_at DESC`,
  swipes: `SELECT target_id, action, created_at, updated_at FROM swipes
    WHERE swiper_id = $1 ORDER BY created_at DESC`,
  messages_sent: `SELECT chat_id, type, content, created_at, edited_at, deleted_at FROM messages
    WHERE sender_id = $1 ORDER BY id DESC`,
  notifications: `SELECT type, title, message, created_at, read_at FROM notifications
    WHERE user_id = $1 ORDER BY id DESC`,
  sessions: `SELECT created_at, last_used_at, revoked_at FROM sessions
    WHERE user_id = $1 ORDER BY id DESC`,
  blocks: `SELECT blocked_id, created_at FROM blocks WHERE blocker_id = $1 ORDER BY created_at DESC`,
  reports: `SELECT reported_id, reason, details, created_at FROM reports
    WHERE reporter_id = $1 ORDER BY created_at DESC`,
  push_subscriptions: `SELECT created_at FROM push_subscriptions WHERE user_id = $1`,
} as const;
export type ExportList = keyof typeof LISTS;

export async function findExportLists(sql: Sql, userId: number) {
  const entries = await Promise.all(
    Object.entries(LISTS).map(
      async ([name, text]) =>
        [name, await sql.query<Row>(`${text} LIMIT ${EXPORT_MAX_ROWS}`, [userId])] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<ExportList, Row[]>;
}

/** Other features' tables, exported whole (row by row) when this database has them. */
const OPTIONAL_LISTS = {
  payment_orders: 'user_id',
  member_activity: 'user_id',
} as const;

export async function findOptionalExportLists(sql: Sql, userId: number) {
  const lists: Record<string, unknown[]> = {};
  for (const [table, owner] of Object.entries(OPTIONAL_LISTS)) {
    const found = await one<{ t: string | null }>(sql, 'SELECT to_regclass($1)::text AS t', [
      table,
    ]);
    if (!found?.t) continue;
    const rows = await sql.query<{ row: unknown }>(
      `SELECT to_jsonb(t.*) AS row FROM "${table}" t WHERE t."${owner}" = $1 LIMIT ${EXPORT_MAX_ROWS}`,
      [userId],
    );
    lists[table] = rows.map((r) => r.row);
  }
  return lists;
}
