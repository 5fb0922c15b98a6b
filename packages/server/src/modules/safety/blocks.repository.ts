/**
 * Blocks between members. Every list (chats, feed, swipes, nearby) leaves out members blocked
 * either way; these SQL fragments (raw for the modules still on the facade, Kysely for the
 * converted ones) are the one place that says how.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** `NOT EXISTS` condition: true when neither `viewer` nor `other` blocked the other. */
export const notBlockedSql = (viewerParam: string, otherColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewerParam} AND b.blocked_id = ${otherColumn})
     OR (b.blocker_id = ${otherColumn} AND b.blocked_id = ${viewerParam}))`;

/** The same condition for a Kysely `where`: `viewerId` a value, `otherColumn` a column reference. */
export const notBlocked = (viewerId: number, otherColumn: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM blocks b
     WHERE (b.blocker_id = ${viewerId}::bigint AND b.blocked_id = ${sql.ref(otherColumn)})
        OR (b.blocker_id = ${sql.ref(otherColumn)} AND b.blocked_id = ${viewerId}::bigint))`;

export async function isBlockedEitherWay(db: Database, a: number, b: number) {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return !!row;
}
