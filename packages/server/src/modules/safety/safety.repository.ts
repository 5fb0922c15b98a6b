/** Queries on blocks and reports (Kysely, typed from schema.gen.ts). */
import { sql } from 'kysely';
import { FAKE_PROFILE_REPORTS_HOLD } from '@app/shared';
import type { Database } from '../../db/kysely.js';

export async function memberExists(db: Database, id: number) {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return !!row;
}

export async function insertBlock(db: Database, blockerId: number, blockedId: number) {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** False when there was no such block. */
export async function deleteBlock(db: Database, blockerId: number, blockedId: number) {
  const rows = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .returning('blocked_id')
    .execute();
  return rows.length > 0;
}

/** The members `blockerId` blocked, newest block first. */
export function findBlocked(db: Database, blockerId: number, limit: number, offset: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.name', 'u.photo_key', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function insertReport(
  db: Database,
  r: {
    reporterId: number;
    reportedId: number;
    chatId: number | null;
    reason: string;
    details: string | null;
    evidence: unknown[];
    /** The photo named (its place in the gallery), kept as its key. */
    photoPosition: number | null;
    source: string | null;
    announcementId: number | null;
  },
) {
  await db
    .insertInto('reports')
    .values((eb) => ({
      reporter_id: r.reporterId,
      reported_id: r.reportedId,
      chat_id: r.chatId,
      reason: r.reason,
      details: r.details,
      evidence: JSON.stringify(r.evidence),
      source: r.source,
      announcement_id: r.announcementId,
      photo_key:
        r.photoPosition === null
          ? null
          : eb
              .selectFrom('user_photos')
              .select('photo_key')
              .where('user_id', '=', r.reportedId)
              .where('position', '=', r.photoPosition),
    }))
    .execute();
}

/**
 * Holds an unverified member from starting chats once FAKE_PROFILE_REPORTS_HOLD different
 * members reported them « Faux profil » since their last review (the scam shield's hold,
 * chat_hold_at; a verification or a moderator's release lifts it).
 */
export async function holdWhenReportedFake(db: Database, reportedId: number) {
  await db
    .updateTable('users as u')
    .set({ chat_hold_at: sql<Date>`now()`, chat_hold_reason: 'fake_profile' })
    .where('u.id', '=', reportedId)
    .where('u.chat_hold_at', 'is', null)
    .where('u.verified_at', 'is', null)
    .where(
      (eb) =>
        eb
          .selectFrom('reports as r')
          .select(sql<number>`count(DISTINCT r.reporter_id)`.as('n'))
          .whereRef('r.reported_id', '=', 'u.id')
          .where('r.reason', '=', 'fake_profile')
          .where(sql<boolean>`r.created_at > coalesce(u.scam_reviewed_at, '-infinity')`),
      '>=',
      FAKE_PROFILE_REPORTS_HOLD,
    )
    .execute();
}
