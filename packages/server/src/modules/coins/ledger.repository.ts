/**
 * Queries behind the coin ledger (ledger.ts): the member's balance under a row lock, the
 * idempotency check, the balance update and the movement row; only ledger.ts calls these,
 * inside its transaction. findBalance, the balance as committed, is the one other modules read.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce } from '../../db/changes.js';

/** The member's balance, locked (FOR UPDATE) until the transaction ends; undefined if unknown. */
export const lockBalance = (tx: Database, userId: number) =>
  tx.selectFrom('users').select('coins').where('id', '=', userId).forUpdate().executeTakeFirst();

/** The member's balance as committed (no lock): what a screen shows; undefined if unknown. */
export async function findBalance(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('coins')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.coins;
}

export async function movementExists(db: Database, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('coin_movements')
    .select(sql<number>`1`.as('x'))
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return !!row;
}

export async function setBalance(tx: Database, userId: number, balance: number) {
  await tx
    .updateTable('users')
    .set({ coins: balance, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
  await announce(tx, { member: userId });
}

export async function insertMovement(
  tx: Database,
  m: {
    userId: number;
    amount: number;
    balance: number;
    reason: string;
    key: string;
    meta?: Record<string, unknown>;
  },
) {
  await tx
    .insertInto('coin_movements')
    .values({
      user_id: m.userId,
      amount: m.amount,
      balance_after: m.balance,
      reason: m.reason,
      idempotency_key: m.key,
      meta: JSON.stringify(m.meta ?? {}),
    })
    .execute();
  // The own profile shows the social networks that paid their reward (social_join movements).
  await announce(tx, { member: m.userId });
}
