/** Queries on member accounts (sign-up, sign-in, verification, blocking), on Kysely. */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce, changesOf } from '../../db/changes.js';
import type { DB } from '../../db/schema.gen.js';

/** A member's columns as every query on accounts reads them (birth_date as YYYY-MM-DD). */
export const selectUser = (eb: ExpressionBuilder<DB, 'users'>) =>
  [
    'id',
    'email',
    'password_hash',
    'email_verified_at',
    'google_sub',
    'name',
    'gender',
    eb.fn<string | null>('to_char', ['birth_date', eb.val('YYYY-MM-DD')]).as('birth_date'),
    'locality',
    'bio',
    'details',
    'passions',
    'photo_key',
    'verified_at',
    'coins',
    'gifted_signup',
    'invitation_code',
    'referred_by',
    'device_hash',
    'role',
    'blocked_at',
    'profile_completed_at',
    'created_at',
  ] as const;

const usersWhere = (db: Database) => db.selectFrom('users').select(selectUser);

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export const findUserByEmail = (db: Database, email: string) =>
  usersWhere(db).where('email', '=', email).executeTakeFirst();

export function findUserById(db: Database, id: number) {
  return usersWhere(db).where('id', '=', id).executeTakeFirst();
}

export const findUserByGoogleSub = (db: Database, sub: string) =>
  usersWhere(db).where('google_sub', '=', sub).executeTakeFirst();

export const findUserIdByInvitationCode = async (db: Database, code: string) =>
  (await db.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst())
    ?.id;

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

export async function insertUser(db: Database, u: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email: u.email,
      password_hash: u.passwordHash,
      device_hash: u.deviceHash,
      invitation_code: u.invitationCode,
      referred_by: u.referredBy,
      google_sub: u.googleSub ?? null,
      email_verified_at: u.verified ? sql<Date>`now()` : null,
      blocked_at: (u.blocked ?? null) === null ? null : sql<Date>`now()`,
      blocked_reason: u.blocked ?? null,
      name: u.name ?? null,
    })
    .returning(selectUser)
    .executeTakeFirstOrThrow();
}

export async function markEmailVerified(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set({
      email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
  await announce(db, { member: userId });
}

export async function setPasswordHash(db: Database, userId: number, hash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await announce(db, { member: userId });
}

/**
 * Links a Google account to the account with its e-mail, which becomes verified. When that
 * e-mail had never been verified, whoever registered it first may not own it: the password they
 * set is erased (the caller also ends their sessions). Answers whether that happened.
 * The row is read under `FOR UPDATE` in the same statement, hence the `sql` template.
 */
export async function linkGoogle(db: Database, userId: number, sub: string) {
  const { rows } = await sql<{ taken_over: boolean }>`
    WITH before AS (SELECT id, email_verified_at IS NULL AS unverified FROM users
                     WHERE id = ${userId} FOR UPDATE)
    UPDATE users u SET google_sub = ${sub},
        email_verified_at = coalesce(u.email_verified_at, now()),
        password_hash = CASE WHEN before.unverified THEN NULL ELSE u.password_hash END,
        updated_at = now()
      FROM before WHERE u.id = before.id
    RETURNING before.unverified AS taken_over`.execute(db);
  await announce(db, { member: userId });
  return rows[0]?.taken_over ?? false;
}

export function accountsOnDevice(db: Database, deviceHash: string) {
  return db
    .selectFrom('users')
    .select(['id', 'blocked_at'])
    .where('device_hash', '=', deviceHash)
    .execute();
}

/** Records a refused sign-up; answers the device's refusals within 30 days, this one included. */
export async function recordDeviceRefusal(db: Database, deviceHash: string, email: string) {
  const { rows } = await sql<{ n: number }>`
    WITH ins AS (INSERT INTO device_signup_refusals (device_hash, email)
                 VALUES (${deviceHash}, ${email}))
    SELECT count(*)::int + 1 AS n FROM device_signup_refusals
     WHERE device_hash = ${deviceHash} AND created_at > now() - interval '30 days'`.execute(db);
  return rows[0]?.n ?? 1;
}

export async function blockUsers(db: Database, ids: number[], reason: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set({
      blocked_at: sql<Date>`coalesce(blocked_at, now())`,
      blocked_reason: sql<string>`coalesce(blocked_reason, ${reason})`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', 'in', ids)
    .execute();
  await announce(db, ...changesOf('access', ids));
}

export async function markSignupGifted(db: Database, userId: number) {
  await db.updateTable('users').set({ gifted_signup: true }).where('id', '=', userId).execute();
  await announce(db, { member: userId });
}

/**
 * The inviter of `newUserId` when the referral reward is due: the member is verified, complete
 * and not blocked (rewards.ts); null otherwise.
 */
export async function findReferrerDue(db: Database, newUserId: number) {
  const row = await db
    .selectFrom('users')
    .select('referred_by')
    .where('id', '=', newUserId)
    .where('referred_by', 'is not', null)
    .where('email_verified_at', 'is not', null)
    .where('profile_completed_at', 'is not', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  return row?.referred_by ?? null;
}
