/**
 * The coin ledger (ARCHITECTURE.md, Money). Every movement is one row with a reason, a signed
 * amount, the balance after and a unique idempotency key; the balance on the user row changes
 * in the same transaction, under a row lock, and never goes below zero.
 */
import { MSG } from '@app/shared';
import { AppError } from '../../errors.js';
import type { Database } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import * as repo from './ledger.repository.js';

type CoinReason =
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

const INSUFFICIENT_COINS = 'Pièces insuffisantes';

/**
 * Must run inside a transaction (`tx`): locks the member's row until commit. Counts the coins
 * moved (`metrics`) once applied; a transaction rolled back after this call still counted.
 */
export async function applyMovement(
  tx: Database,
  m: Movement,
  metrics: Pick<Deps['metrics'], 'coinsMoved'>,
): Promise<MovementResult> {
  if (!Number.isInteger(m.amount) || m.amount === 0) throw new Error('invalid coin amount');
  const locked = await repo.lockBalance(tx, m.userId);
  if (!locked) throw new AppError('not_found', MSG.notFound, { status: 404 });
  if (await repo.movementExists(tx, m.key)) return { applied: false, balance: locked.coins };
  const balance = locked.coins + m.amount;
  if (balance < 0) {
    throw new AppError('insufficient_coins', INSUFFICIENT_COINS, {
      status: 422,
      extra: { insufficient_coins: true, required_coins: -m.amount, user_coins: locked.coins },
    });
  }
  await repo.setBalance(tx, m.userId, balance);
  await repo.insertMovement(tx, { ...m, balance });
  metrics.coinsMoved(m.amount, m.reason);
  return { applied: true, balance };
}

export const hasMovement = (db: Database, key: string): Promise<boolean> =>
  repo.movementExists(db, key);
