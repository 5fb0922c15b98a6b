/**
 * The verification SQL (issue 28, migration 021): a member's latest check, the poses drawn,
 * the selfies submitted, today's tries, the console's queue, the decision (which sets or keeps
 * the badge on users), and the selfie hashes kept to refuse a reused selfie.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';

/** Hamming distance at or under which two selfie hashes are the same picture. */
const SAME_PICTURE_MAX_BITS = 6;

export function findLatestRequest(db: Database, userId: number) {
  return db
    .selectFrom('verification_requests')
    .select(['id', 'status', 'poses', 'reason', 'selfie_keys'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findVerifiedAt(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('verified_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.verified_at ?? null;
}

export async function insertDrawnRequest(db: Database, userId: number, poses: string[]) {
  await db.insertInto('verification_requests').values({ user_id: userId, poses }).execute();
}

/** Selfies submitted since the start of the UTC day (Ouagadougou's). */
export async function countTriesToday(db: Database, userId: number) {
  const row = await db
    .selectFrom('verification_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where(
      'submitted_at',
      '>=',
      sql<Date>`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    )
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The drawn check becomes pending with its selfies and the profile photos they go with. */
export async function submitRequest(
  db: Database,
  id: number,
  selfieKeys: string[],
  photoKeys: string[],
) {
  const row = await db
    .updateTable('verification_requests')
    .set({
      status: 'pending',
      selfie_keys: selfieKeys,
      photo_keys: photoKeys,
      submitted_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'drawn')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A check refused by the server at once (a reused selfie): counted as a try, nothing kept. */
export async function refuseAtOnce(db: Database, id: number, reason: string) {
  await db
    .updateTable('verification_requests')
    .set({
      status: 'refused',
      reason,
      submitted_at: sql<Date>`now()`,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertSelfieHashes(db: Database, userId: number, hashes: string[]) {
  await db
    .insertInto('selfie_hashes')
    .values(hashes.map((hash) => ({ user_id: userId, hash: sql<number>`${hash}::bigint` })))
    .execute();
}

/** True when one of `hashes` is the same picture as a selfie of another account. */
export async function isSelfieOfAnotherAccount(db: Database, userId: number, hashes: string[]) {
  const row = await db
    .selectFrom('selfie_hashes as h')
    .select('h.id')
    .where('h.user_id', '<>', userId)
    .where(
      sql<boolean>`EXISTS (SELECT 1 FROM unnest(${hashes}::bigint[]) AS n(hash)
        WHERE bit_count((h.hash # n.hash)::bit(64)) <= ${SAME_PICTURE_MAX_BITS})`,
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// --- the console ---------------------------------------------------------------------------

export function findPendingPage(db: Database, limit: number, offset: number) {
  return db
    .selectFrom('verification_requests as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.user_id', 'u.name', 'u.photo_key', 'v.submitted_at'])
    .where('v.status', '=', 'pending')
    .orderBy('v.submitted_at')
    .orderBy('v.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findRequest(db: Database, id: number) {
  return db
    .selectFrom('verification_requests as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select([
      'v.id',
      'v.user_id',
      'u.name',
      'u.role',
      'v.status',
      'v.poses',
      'v.selfie_keys',
      'v.photo_keys',
      'v.submitted_at',
    ])
    .where('v.id', '=', id)
    .executeTakeFirst();
}

/** Locks a pending check for its decision; undefined when it is not pending any more. */
export function lockPending(db: Database, id: number) {
  return db
    .selectFrom('verification_requests')
    .select(['id', 'user_id', 'selfie_keys', 'photo_keys'])
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function decideRequest(
  db: Database,
  id: number,
  decision: { status: 'approved' | 'refused'; reason: string | null; by: number },
) {
  await db
    .updateTable('verification_requests')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.by,
      decided_at: sql<Date>`now()`,
      // The files are deleted in the same step: their keys are not kept either.
      selfie_keys: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The badge, with the photos the selfies were compared with; it holds only while those are
 * still the member's (the main one first): otherwise it is not given. A hold put by « Faux
 * profil » reports is lifted. Answers whether the badge was given.
 */
export async function setVerified(db: Database, userId: number, photoKeys: string[]) {
  const row = await db
    .updateTable('users as u')
    .set({
      verified_at: sql<Date>`now()`,
      verified_photo_keys: photoKeys,
      chat_hold_at: sql<Date | null>`CASE WHEN u.chat_hold_reason = 'fake_profile'
        THEN NULL ELSE u.chat_hold_at END`,
      chat_hold_reason: sql<string | null>`CASE WHEN u.chat_hold_reason = 'fake_profile'
        THEN NULL ELSE u.chat_hold_reason END`,
      scam_reviewed_at: sql<Date | null>`CASE WHEN u.chat_hold_reason = 'fake_profile'
        THEN now() ELSE u.scam_reviewed_at END`,
    })
    .where('u.id', '=', userId)
    .where(sql<boolean>`u.photo_key = ${photoKeys[0] ?? null}`)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM unnest(${photoKeys}::text[]) k
        WHERE NOT EXISTS (SELECT 1 FROM user_photos p WHERE p.user_id = u.id AND p.photo_key = k))`,
    )
    .returning('u.id')
    .executeTakeFirst();
  await announce(db, { member: userId });
  return row !== undefined;
}
