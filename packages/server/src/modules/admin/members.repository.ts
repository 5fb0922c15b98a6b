/** SQL of the console's member pages. Tables of later features are read only when they exist. */
import { one, type Sql } from '../../db/db.js';

export interface MemberRow extends Record<string, unknown> {
  id: number;
  email: string;
  name: string | null;
  gender: string | null;
  birth_date: string | null;
  locality: string | null;
  bio: string | null;
  photo_key: string | null;
  role: string;
  coins: number;
  device_hash: string | null;
  blocked_at: Date | null;
  blocked_reason: string | null;
  email_verified_at: Date | null;
  profile_completed_at: Date | null;
  created_at: Date;
  last_seen_at: Date | null;
}

const COLS = `id, email, name, gender, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, locality, bio, photo_key, role,
  coins, device_hash, blocked_at, blocked_reason, email_verified_at, profile_completed_at, created_at, last_seen_at`;

export const findMember = (sql: Sql, id: number) =>
  one<MemberRow>(sql, `SELECT ${COLS} FROM users WHERE id = $1`, [id]);

export function searchMembers(sql: Sql, q: string, limit: number, offset: number) {
  const asId = /^\d+$/.test(q) ? Number(q) : null;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql.query<MemberRow>(
    `SELECT ${COLS} FROM users
      WHERE $1 = '' OR id = $2 OR email LIKE $3 OR lower(name) LIKE $3
      ORDER BY id = $2 DESC NULLS LAST, id DESC LIMIT $4 OFFSET $5`,
    [q, asId, like, limit, offset],
  );
}

export async function accountsOnSameDevice(sql: Sql, deviceHash: string | null) {
  if (!deviceHash) return [];
  return sql.query<{
    id: number;
    email: string;
    name: string | null;
    blocked_at: Date | null;
    created_at: Date;
  }>(
    'SELECT id, email, name, blocked_at, created_at FROM users WHERE device_hash = $1 ORDER BY id',
    [deviceHash],
  );
}

/** The most devices a member page lists, and the most other accounts shown under each. */
export const MEMBER_DEVICES_MAX = 20;
export const DEVICE_ACCOUNTS_MAX = 20;

/** One of the member's devices, with one other account seen on it (null when none). */
export interface MemberDeviceRow extends Record<string, unknown> {
  device_hash: string;
  first_seen_at: Date;
  last_seen_at: Date;
  other_id: number | null;
  other_name: string | null;
  other_email: string | null;
  other_blocked_at: Date | null;
}

/**
 * The member's devices, last used first, each joined with the other accounts seen on it, last
 * seen there first: one row per device and account (one row with no account for a device of
 * their own). Both lists are capped.
 */
export const devicesOf = (sql: Sql, userId: number) =>
  sql.query<MemberDeviceRow>(
    `SELECT d.device_hash, d.first_seen_at, d.last_seen_at,
            o.id AS other_id, o.name AS other_name, o.email AS other_email,
            o.blocked_at AS other_blocked_at
       FROM (SELECT device_hash, first_seen_at, last_seen_at FROM user_devices
              WHERE user_id = $1 ORDER BY last_seen_at DESC, device_hash LIMIT $2) d
       LEFT JOIN LATERAL (
         SELECT u.id, u.name, u.email, u.blocked_at, x.last_seen_at
           FROM user_devices x JOIN users u ON u.id = x.user_id
          WHERE x.device_hash = d.device_hash AND x.user_id <> $1
          ORDER BY x.last_seen_at DESC, u.id DESC LIMIT $3
       ) o ON true
      ORDER BY d.last_seen_at DESC, d.device_hash, o.last_seen_at DESC, o.id DESC`,
    [userId, MEMBER_DEVICES_MAX, DEVICE_ACCOUNTS_MAX],
  );

export async function deviceRefusals(sql: Sql, deviceHash: string) {
  const row = await one<{ n: number }>(
    sql,
    'SELECT count(*)::int AS n FROM device_signup_refusals WHERE device_hash = $1',
    [deviceHash],
  );
  return row?.n ?? 0;
}

export const coinMovements = (sql: Sql, userId: number, limit: number) =>
  sql.query(
    'SELECT id, amount, balance_after, reason, meta, created_at FROM coin_movements WHERE user_id = $1 ORDER BY id DESC LIMIT $2',
    [userId, limit],
  );

export const reportsAbout = (sql: Sql, userId: number, column: 'reported_id' | 'reporter_id') =>
  sql.query(
    `SELECT id, reporter_id, reported_id, reason, details, status, created_at FROM reports WHERE ${column} = $1 ORDER BY id DESC LIMIT 50`,
    [userId],
  );

/** The member's payment orders, once the payments feature's table exists. */
export async function ordersOf(sql: Sql, userId: number, limit: number) {
  const exists = await one<{ t: string | null }>(
    sql,
    `SELECT to_regclass('payment_orders')::text AS t`,
  );
  if (!exists?.t) return [];
  return sql.query(`SELECT * FROM payment_orders WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, [
    userId,
    limit,
  ]);
}

export async function setBlocked(sql: Sql, id: number, reason: string) {
  await sql.query(
    'UPDATE users SET blocked_at = now(), blocked_reason = $2, updated_at = now() WHERE id = $1',
    [id, reason],
  );
}

export async function setUnblocked(sql: Sql, id: number) {
  await sql.query(
    'UPDATE users SET blocked_at = NULL, blocked_reason = NULL, updated_at = now() WHERE id = $1',
    [id],
  );
}

export async function resetDevice(sql: Sql, deviceHash: string) {
  await sql.query('DELETE FROM device_signup_refusals WHERE device_hash = $1', [deviceHash]);
  const rows = await sql.query<{ id: number }>(
    `UPDATE users SET blocked_at = NULL, blocked_reason = NULL
      WHERE device_hash = $1 AND blocked_reason IN ('multiple_accounts', 'device_blocked') RETURNING id`,
    [deviceHash],
  );
  return rows.map((r) => r.id);
}
