/** Sessions (one row per sign-in, the token stored hashed) and the daily-activity mark. */
import { sql } from 'kysely';
import type { Database } from '../db/kysely.js';
import { announce } from '../db/changes.js';
import { hashToken, newToken } from './tokens.js';

const ROLES = ['member', 'moderator', 'admin'] as const;
type SessionRole = (typeof ROLES)[number];

/** The role column only holds these three (a CHECK); anything else reads as a plain member. */
const roleOf = (role: string): SessionRole => ROLES.find((r) => r === role) ?? 'member';

export interface SessionUser extends Record<string, unknown> {
  id: number;
  email: string;
  role: SessionRole;
  blocked_at: Date | null;
  session_id: number;
}

export async function createSession(db: Database, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token) })
    .execute();
  return token;
}

/** The live session whose token hashes to `tokenHash` (hashToken), with its member. */
export async function findSessionUserByHash(
  db: Database,
  tokenHash: string,
): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.role', 'u.blocked_at', 's.id as session_id'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, role: roleOf(row.role) };
}

export const findSessionUser = (db: Database, token: string) =>
  findSessionUserByHash(db, hashToken(token));

/** Revokes one session; answers its id (to close its live connections), null if unknown. */
export async function revokeSession(db: Database, token: string): Promise<number | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .returning('id')
    .executeTakeFirst();
  if (row) await announce(db, { session: row.id });
  return row?.id ?? null;
}

export async function revokeAllSessions(db: Database, userId: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await announce(db, { access: userId });
}

/** Marks the member active on `day` (YYYY-MM-DD); once per member and day. */
export async function recordMemberActivity(db: Database, day: string, userId: number) {
  await db
    .insertInto('member_activity')
    .values({ day, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Of these sessions, the ones still live: not revoked, their member neither blocked nor gone. */
export async function findLiveSessionIds(db: Database, sessionIds: number[]): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('s.id', '=', sql<number>`any(${sessionIds}::bigint[])`)
    .where('s.revoked_at', 'is', null)
    .where('u.blocked_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
