/** Sessions (one row per sign-in, the token stored hashed) and the daily-activity mark. */
import { sql } from 'kysely';
import { compiledOnce, type Database } from '../db/kysely.js';
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

/**
 * How a route reads the session of a token hash when it is not remembered: a statement of its
 * own that also reads what the route needs (the own profile's), one round trip for both.
 */
export type SessionRead = (tokenHash: string) => Promise<SessionUser | undefined>;

/** The session's fields out of any row that holds them (the role checked). */
export const sessionUserOf = (row: {
  id: number;
  email: string;
  role: string;
  blocked_at: Date | null;
  session_id: number;
}): SessionUser => ({
  id: row.id,
  email: row.email,
  role: roleOf(row.role),
  blocked_at: row.blocked_at,
  session_id: row.session_id,
});

const sessionUserQuery = (db: Database, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.role', 'u.blocked_at', 's.id as session_id'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null);

/** The live session whose token hashes to `tokenHash` (hashToken), with its member. */
export async function findSessionUserByHash(
  db: Database,
  tokenHash: string,
): Promise<SessionUser | undefined> {
  const row = await sessionUserQuery(db, tokenHash).executeTakeFirst();
  return row && sessionUserOf(row);
}

/** findSessionUserByHash on `db`, its statement compiled once (the session cache's misses). */
export function sessionUserReader(db: Database): SessionRead {
  const run = compiledOnce(db, (tokenHash: string) => sessionUserQuery(db, tokenHash));
  return async (tokenHash) => {
    const [row] = await run(tokenHash);
    return row && sessionUserOf(row);
  };
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

/**
 * Marks these members active on `day` (YYYY-MM-DD), in one statement; a member already marked
 * that day, or whose account is gone meanwhile, is left as is.
 */
export async function recordMembersActivity(db: Database, day: string, userIds: number[]) {
  await db
    .insertInto('member_activity')
    .columns(['day', 'user_id'])
    .expression(
      db
        .selectFrom('users')
        .select([sql<string>`${day}::date`.as('day'), 'id'])
        .where('id', '=', sql<number>`any(${userIds}::bigint[])`)
        .where('deleted_at', 'is', null),
    )
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
