/** SQL behind support tickets: creation and the member's own list. */
import type { TSupportReason, TSupportStatus } from '@app/shared';
import { one, type Sql } from '../../db/db.js';

export interface TicketRow extends Record<string, unknown> {
  id: number;
  reason: TSupportReason;
  description: string;
  status: TSupportStatus;
  reply: string | null;
  replied_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, reason, description, status, reply, replied_at, created_at, updated_at';

export async function insertTicket(
  sql: Sql,
  t: { userId: number; reason: TSupportReason; description: string },
) {
  const row = await one<TicketRow>(
    sql,
    `INSERT INTO support_tickets (user_id, reason, description) VALUES ($1, $2, $3)
     RETURNING ${COLUMNS}`,
    [t.userId, t.reason, t.description],
  );
  if (!row) throw new Error('insert ticket failed');
  return row;
}

/** The member's tickets, newest first (support_tickets_user_idx); only theirs, ever. */
export function findTicketsOfUser(sql: Sql, userId: number, limit: number, offset: number) {
  return sql.query<TicketRow>(
    `SELECT ${COLUMNS} FROM support_tickets WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** A deleted account's tickets go with it. */
export async function deleteTicketsOfUser(tx: Sql, userId: number) {
  await tx.query('DELETE FROM support_tickets WHERE user_id = $1', [userId]);
}
