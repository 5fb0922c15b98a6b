/**
 * Evidence kept (migration 019) on the console's side: the messages a report or a scam review
 * shows, with the text their sender changed since, and the forgetting of those originals when
 * the report or the review closes (unless the other one still needs them).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/kysely.js';
import type { DB } from '../../db/schema.gen.js';

/** Messages by id as they are now, with their kept original (null when none). */
export const findEvidenceMessages = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('messages as m')
        .leftJoin('message_originals as o', 'o.message_id', 'm.id')
        .select(['m.id', 'm.content', 'm.edited_at', 'm.deleted_at', 'o.content as original'])
        .where('m.id', 'in', ids)
        .execute();

/** True when an open report carries the original's message among its evidence. */
const inOpenReport = (eb: ExpressionBuilder<DB & { o: DB['message_originals'] }, 'o'>) =>
  eb.exists(
    eb
      .selectFrom('reports as r')
      .select('r.id')
      .where('r.status', '=', 'open')
      .whereRef('r.reported_id', '=', 'o.sender_id')
      .where(sql<boolean>`r.evidence @> jsonb_build_array(jsonb_build_object('id', o.message_id))`),
  );

/** True when the original's message is flagged and its sender's scam review is still to come. */
const inPendingReview = (eb: ExpressionBuilder<DB & { o: DB['message_originals'] }, 'o'>) =>
  eb.exists(
    eb
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .select('m.id')
      .whereRef('m.id', '=', 'o.message_id')
      .where('m.safety_flag', '=', true)
      .where(sql<boolean>`m.created_at > coalesce(u.scam_reviewed_at, '-infinity'::timestamptz)`),
  );

/**
 * A closed report forgets: its evidence's text becomes what members see now, and the originals
 * of its messages go unless another open report or a pending scam review still needs them.
 * Run after the report's status changed, in the same transaction. Answers the forgotten
 * originals whose media file must go too.
 */
export async function forgetReportOriginals(db: Database, reportId: number) {
  await sql`UPDATE reports r
       SET evidence = coalesce((
         SELECT jsonb_agg(CASE WHEN m.id IS NULL THEN x.item
                               ELSE x.item || jsonb_build_object('content', m.content) END
                          ORDER BY x.ord)
           FROM jsonb_array_elements(r.evidence) WITH ORDINALITY AS x(item, ord)
           LEFT JOIN messages m ON m.id = (x.item->>'id')::bigint
       ), '[]'::jsonb)
     WHERE r.id = ${reportId}`.execute(db);
  return db
    .deleteFrom('message_originals as o')
    .where(
      'o.message_id',
      'in',
      db
        .selectFrom('reports as r')
        .select(sql<number>`(jsonb_array_elements(r.evidence)->>'id')::bigint`.as('id'))
        .where('r.id', '=', reportId),
    )
    .where((eb) => eb.not(eb.or([inOpenReport(eb), inPendingReview(eb)])))
    .using('messages as mm')
    .whereRef('mm.id', '=', 'o.message_id')
    .returning(['o.message_id', 'o.change', 'o.file_key', 'mm.type'])
    .execute();
}

/**
 * A member's scam review done: their kept originals go, except those an open report still
 * shows. Run after the review is marked, in the same transaction.
 */
export function forgetReviewOriginals(db: Database, memberId: number) {
  return db
    .deleteFrom('message_originals as o')
    .where('o.sender_id', '=', memberId)
    .where((eb) => eb.not(inOpenReport(eb)))
    .using('messages as mm')
    .whereRef('mm.id', '=', 'o.message_id')
    .returning(['o.message_id', 'o.change', 'o.file_key', 'mm.type'])
    .execute();
}

export type ForgottenOriginal = Awaited<ReturnType<typeof forgetReviewOriginals>>[number];
