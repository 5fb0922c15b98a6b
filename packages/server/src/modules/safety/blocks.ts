/**
 * Blocks between members. Every list (chats, feed, swipes, nearby) leaves out members blocked
 * either way; this SQL fragment is the one place that says how.
 */
import { one, type Sql } from '../../db/db.js';

/** `NOT EXISTS` condition: true when neither `viewer` nor `other` blocked the other. */
export const notBlockedSql = (viewerParam: string, otherColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${viewerParam} AND b.blocked_id = ${otherColumn})
     OR (b.blocker_id = ${otherColumn} AND b.blocked_id = ${viewerParam}))`;

export async function isBlockedEitherWay(sql: Sql, a: number, b: number) {
  return !!(await one(
    sql,
    `SELECT 1 AS x FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)`,
    [a, b],
  ));
}
