/**
 * The chat of a matched pair: one row per pair (smaller id first), marked as a match and never
 * locked, even when a contact chat between them existed before; both members are participants.
 * Runs inside the caller's transaction; returns the chat id.
 */
import { one, type Sql } from '../../db/db.js';

/** `firstLiker` liked first, so their participant row is inserted (and numbered) first. */
export async function ensureMatchChat(
  tx: Sql,
  firstLiker: number,
  secondLiker: number,
): Promise<number> {
  const chat = await one<{ id: number }>(
    tx,
    `INSERT INTO chats (user_low_id, user_high_id, origin, locked_sender, locked_receiver)
     VALUES (least($1::bigint, $2::bigint), greatest($1::bigint, $2::bigint), 'match', false, false)
     ON CONFLICT (user_low_id, user_high_id)
       DO UPDATE SET origin = 'match', locked_sender = false, locked_receiver = false
     RETURNING id`,
    [firstLiker, secondLiker],
  );
  if (!chat) throw new Error('match chat not created');
  for (const userId of [firstLiker, secondLiker]) {
    await tx.query(
      'INSERT INTO chat_participants (chat_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [chat.id, userId],
    );
  }
  return chat.id;
}
