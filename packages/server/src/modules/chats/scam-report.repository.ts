/** Whether a member already reported a chat for a scam (the warning's « Signaler », any device). */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

export async function hasReportedScamInChat(db: Database, reporterId: number, chatId: number) {
  const row = await db
    .selectFrom('reports')
    .select(sql<number>`1`.as('x'))
    .where('reporter_id', '=', reporterId)
    .where('chat_id', '=', chatId)
    .where('reason', '=', 'scam')
    .executeTakeFirst();
  return row !== undefined;
}
