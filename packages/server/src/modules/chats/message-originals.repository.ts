/**
 * Evidence kept (migration 019): before its sender edits or deletes a message that moderators
 * may have to judge (flagged by the scam shield, or attached to an open report), its text and
 * media file are copied to message_originals. Members never read that table; the console's
 * repositories do, and forget the rows when the report or the review closes.
 */
import { sql } from 'kysely';
import type { TMessageChange } from '@app/shared';
import type { Database } from '../../db/kysely.js';

/**
 * Keeps the message's text as it is now when it is flagged or reported; the first change keeps
 * the text, a deletion after an edit only marks it deleted. Run in the change's transaction,
 * before the change. Answers whether an original is kept for it (its media must then stay).
 */
export async function keepOriginalIfFlagged(
  db: Database,
  messageId: number,
  change: TMessageChange,
) {
  const row = await db
    .insertInto('message_originals')
    .columns(['message_id', 'sender_id', 'content', 'file_key', 'change'])
    .expression((eb) =>
      eb
        .selectFrom('messages as m')
        .select([
          'm.id',
          'm.sender_id',
          'm.content',
          'm.file_key',
          sql<TMessageChange>`${change}::text`.as('change'),
        ])
        .where('m.id', '=', messageId)
        .where('m.deleted_at', 'is', null)
        .where((w) =>
          w.or([
            w('m.safety_flag', '=', true),
            w.exists(
              w
                .selectFrom('reports as r')
                .select('r.id')
                .where('r.status', '=', 'open')
                .whereRef('r.reported_id', '=', 'm.sender_id')
                .where(
                  sql<boolean>`r.evidence @> jsonb_build_array(jsonb_build_object('id', m.id))`,
                ),
            ),
          ]),
        ),
    )
    .onConflict((oc) =>
      oc.column('message_id').doUpdateSet({
        change: (eb) => eb.ref('excluded.change'),
        file_key: (eb) => eb.fn.coalesce('message_originals.file_key', eb.ref('excluded.file_key')),
      }),
    )
    .returning('message_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a media key belongs to a deleted message whose file is only kept for the moderators
 * (a photo's variants share its key with a suffix): links members were given stop working.
 */
export async function isKeptForModerators(db: Database, key: string) {
  const base = key.replace(/-(lite|card|full)\.webp$/, '');
  const row = await db
    .selectFrom('message_originals')
    .select('message_id')
    .where('file_key', 'in', base === key ? [key] : [key, base])
    .where('change', '=', 'deleted')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
