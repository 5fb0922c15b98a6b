/** Queries on support tickets: creation, the member's own list, deletion with the account. */
import type { Selectable } from 'kysely';
import type { TSupportReason } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { SupportTickets } from '../../db/schema.gen.js';

const COLUMNS = [
  'id',
  'reason',
  'description',
  'status',
  'reply',
  'replied_at',
  'created_at',
  'updated_at',
] as const;

export type TicketRow = Pick<Selectable<SupportTickets>, (typeof COLUMNS)[number]>;

export function insertTicket(
  db: Database,
  t: { userId: number; reason: TSupportReason; description: string },
): Promise<TicketRow> {
  return db
    .insertInto('support_tickets')
    .values({ user_id: t.userId, reason: t.reason, description: t.description })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The member's tickets, newest first (support_tickets_user_idx); only theirs, ever. */
export function findTicketsOfUser(
  db: Database,
  userId: number,
  limit: number,
  offset: number,
): Promise<TicketRow[]> {
  return db
    .selectFrom('support_tickets')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A deleted account's tickets go with it. */
export async function deleteTicketsOfUser(db: Database, userId: number) {
  await db.deleteFrom('support_tickets').where('user_id', '=', userId).execute();
}
