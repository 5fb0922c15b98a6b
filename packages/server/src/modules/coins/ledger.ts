/**
 * The coin ledger (ARCHITECTURE.md, Money). Every movement is one row with a reason, a signed
 * amount, the balance after and a unique idempotency key; the balance on the user row changes
 * in the same transaction, under a row lock, and never goes below zero.
 */
import { MSG } from '@app/shared';
import type { Sql } from '../../db/db.js';
import { one } from '../../db/db.js';
import { AppError } from '../../errors.js';

export type CoinReason =
  | 'signup_gift'
  | 'daily_bonus'
  | 'referral_reward'
  | 'social_join'
  | 'purchase'
  | 'chat_unlock'
  | 'announcement'
  | 'admin_adjustment';

export interface Movement {
  userId: number;
  amount: number;
  reason: CoinReason;
  /** Same key twice = the second call changes nothing and reports applied: false. */
  key: string;
  meta?: Record<string, unknown>;
}

export interface MovementResult {
  applied: boolean;
  balance: number;
}

export const INSUFFICIENT_COINS = 'Pièces insuffisantes';

/** Must run inside a transaction (`tx`): locks the member's row until commit. */
export async function applyMovement(tx: Sql, m: Movement): Promise<MovementResult> {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error('invalid coin amount');
  const locked = await one<{ coins: number }>(
    tx,
    'SELECT coins FROM users WHERE id = $1 FOR UPDATE',
    [m.userId],
  );
  if (!locked) throw new AppError('not_found', MSG.notFound, { status: 404 });
  const seen = await one(tx, 'SELECT 1 AS x FROM coin_movements WHERE idempotency_key = $1', [
    m.key,
  ]);
  if (seen) return { applied: false, balance: locked.coins };
  const balance = locked.coins + m.amount;
  if (balance < 0) {
    throw new AppError('insufficient_coins', INSUFFICIENT_COINS, {
      status: 422,
      extra: { insufficient_coins: true, required_coins: -m.amount, user_coins: locked.coins },
    });
  }
  await tx.query('UPDATE users SET coins = $2, updated_at = now() WHERE id = $1', [
    m.userId,
    balance,
  ]);
  await tx.query(
    `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key, meta)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [m.userId, m.amount, balance, m.reason, m.key, JSON.stringify(m.meta ?? {})],
  );
  return { applied: true, balance };
}

export async function hasMovement(sql: Sql, key: string): Promise<boolean> {
  return !!(await one(sql, 'SELECT 1 AS x FROM coin_movements WHERE idempotency_key = $1', [key]));
}
