import { one, type Sql } from '../db/db.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionUser extends Record<string, unknown> {
  id: number;
  email: string;
  role: 'member' | 'moderator' | 'admin';
  blocked_at: Date | null;
  session_id: number;
}

export async function createSession(sql: Sql, userId: number): Promise<string> {
  const token = newToken();
  await sql.query('INSERT INTO sessions (user_id, token_hash) VALUES ($1, $2)', [
    userId,
    hashToken(token),
  ]);
  return token;
}

export function findSessionUser(sql: Sql, token: string) {
  return one<SessionUser>(
    sql,
    `SELECT u.id, u.email, u.role, u.blocked_at, s.id AS session_id
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
    [hashToken(token)],
  );
}

export async function revokeSession(sql: Sql, token: string) {
  await sql.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
    hashToken(token),
  ]);
}

export async function revokeAllSessions(sql: Sql, userId: number) {
  await sql.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
}
