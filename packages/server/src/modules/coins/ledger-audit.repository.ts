/**
 * The ledger audit (ARCHITECTURE "Money"): members whose balance is not the sum of their
 * movements, or whose last movement's balance_after is not their balance. An empty answer
 * means the books balance. Used after every payment test; the admin console can show it.
 * One lateral aggregate per member, kept as SQL (the `sql` template).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

export interface LedgerMismatch {
  user_id: number;
  balance: number;
  ledger_sum: number;
  last_balance_after: number | null;
  movements: number;
}

export async function findLedgerMismatches(
  db: Database,
  opts: { userIds?: readonly number[]; limit?: number } = {},
): Promise<LedgerMismatch[]> {
  const ids = opts.userIds ? [...opts.userIds] : null;
  const { rows } = await sql<LedgerMismatch>`
    SELECT u.id AS user_id, u.coins AS balance,
           COALESCE(s.total, 0)::int AS ledger_sum,
           s.last_balance_after, COALESCE(s.n, 0)::int AS movements
      FROM users u
      LEFT JOIN LATERAL (
        SELECT sum(m.amount) AS total, count(*) AS n,
               (SELECT m2.balance_after FROM coin_movements m2
                 WHERE m2.user_id = u.id ORDER BY m2.id DESC LIMIT 1) AS last_balance_after
          FROM coin_movements m WHERE m.user_id = u.id
      ) s ON true
     WHERE (${ids}::bigint[] IS NULL OR u.id = ANY(${ids}))
       AND (u.coins <> COALESCE(s.total, 0)
            OR (s.last_balance_after IS NOT NULL AND s.last_balance_after <> u.coins))
     ORDER BY u.id
     LIMIT ${opts.limit ?? 100}`.execute(db);
  return rows;
}
