/** SQL for member accounts (sign-up, sign-in, verification, blocking). */
import { one, type Sql } from '../../db/db.js';

export interface UserRow extends Record<string, unknown> {
  id: number;
  email: string;
  password_hash: string | null;
  email_verified_at: Date | null;
  google_sub: string | null;
  name: string | null;
  gender: 'homme' | 'femme' | null;
  birth_date: string | null;
  locality: string | null;
  bio: string | null;
  details: Record<string, unknown>;
  passions: string[];
  photo_key: string | null;
  coins: number;
  gifted_signup: boolean;
  invitation_code: string | null;
  referred_by: number | null;
  device_hash: string | null;
  role: 'member' | 'moderator' | 'admin';
  blocked_at: Date | null;
  profile_completed_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, email, password_hash, email_verified_at, google_sub, name, gender,
  to_char(birth_date, 'YYYY-MM-DD') AS birth_date, locality, bio, details, passions, photo_key,
  coins, gifted_signup, invitation_code, referred_by, device_hash, role, blocked_at,
  profile_completed_at, created_at`;

export const findUserByEmail = (sql: Sql, email: string) =>
  one<UserRow>(sql, `SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);

export const findUserById = (sql: Sql, id: number) =>
  one<UserRow>(sql, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);

export const findUserByGoogleSub = (sql: Sql, sub: string) =>
  one<UserRow>(sql, `SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [sub]);

export const findUserIdByInvitationCode = async (sql: Sql, code: string) =>
  (await one<{ id: number }>(sql, 'SELECT id FROM users WHERE invitation_code = $1', [code]))?.id;

export interface NewUser {
  email: string;
  passwordHash: string | null;
  deviceHash: string | null;
  invitationCode: string;
  referredBy: number | null;
  googleSub?: string;
  verified?: boolean;
  blocked?: string;
  name?: string | null;
}

export async function insertUser(sql: Sql, u: NewUser): Promise<UserRow> {
  const row = await one<UserRow>(
    sql,
    `INSERT INTO users (email, password_hash, device_hash, invitation_code, referred_by, google_sub,
        email_verified_at, blocked_at, blocked_reason, name)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END, CASE WHEN $8::text IS NOT NULL THEN now() END, $8, $9)
     RETURNING ${COLUMNS}`,
    [
      u.email,
      u.passwordHash,
      u.deviceHash,
      u.invitationCode,
      u.referredBy,
      u.googleSub ?? null,
      u.verified ?? false,
      u.blocked ?? null,
      u.name ?? null,
    ],
  );
  if (!row) throw new Error('insert user failed');
  return row;
}

export async function markEmailVerified(sql: Sql, userId: number) {
  await sql.query(
    'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}

export async function setPasswordHash(sql: Sql, userId: number, hash: string) {
  await sql.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
    userId,
    hash,
  ]);
}

/**
 * Links a Google account to the account with its e-mail, which becomes verified. When that
 * e-mail had never been verified, whoever registered it first may not own it: the password they
 * set is erased (the caller also ends their sessions). Answers whether that happened.
 */
export async function linkGoogle(sql: Sql, userId: number, sub: string) {
  const rows = await sql.query<{ taken_over: boolean }>(
    `WITH before AS (SELECT id, email_verified_at IS NULL AS unverified FROM users WHERE id = $1 FOR UPDATE)
     UPDATE users u SET google_sub = $2, email_verified_at = coalesce(u.email_verified_at, now()),
         password_hash = CASE WHEN before.unverified THEN NULL ELSE u.password_hash END,
         updated_at = now()
       FROM before WHERE u.id = before.id
     RETURNING before.unverified AS taken_over`,
    [userId, sub],
  );
  return rows[0]?.taken_over ?? false;
}

export async function accountsOnDevice(sql: Sql, deviceHash: string) {
  return sql.query<{ id: number; blocked_at: Date | null }>(
    'SELECT id, blocked_at FROM users WHERE device_hash = $1',
    [deviceHash],
  );
}

export async function recordDeviceRefusal(sql: Sql, deviceHash: string, email: string) {
  const rows = await sql.query<{ n: number }>(
    `WITH ins AS (INSERT INTO device_signup_refusals (device_hash, email) VALUES ($1, $2))
     SELECT count(*)::int + 1 AS n FROM device_signup_refusals
      WHERE device_hash = $1 AND created_at > now() - interval '30 days'`,
    [deviceHash, email],
  );
  return rows[0]?.n ?? 1;
}

export async function blockUsers(sql: Sql, ids: number[], reason: string) {
  if (ids.length === 0) return;
  await sql.query(
    `UPDATE users SET blocked_at = coalesce(blocked_at, now()), blocked_reason = coalesce(blocked_reason, $2),
       updated_at = now() WHERE id = ANY($1::bigint[])`,
    [ids, reason],
  );
}

export async function touchLastSeen(sql: Sql, userId: number) {
  await sql.query('UPDATE users SET last_seen_at = now() WHERE id = $1', [userId]);
}
