/** SQL behind coin purchases: orders (migration 007) and the provider notifications log. */
import { one, type Sql } from '../../db/db.js';
import type { PaymentMethod, ProviderName } from '../../adapters/payments/index.js';

export type OrderStatus = 'pending' | 'success' | 'failed';

export interface OrderRow extends Record<string, unknown> {
  id: number;
  payment_id: string;
  user_id: number;
  pack_id: number;
  amount: number;
  currency: string;
  coins: number;
  bonus: number;
  provider: ProviderName;
  method: PaymentMethod;
  status: OrderStatus;
  provider_ref: string | null;
  payment_url: string | null;
  phone: string | null;
  failure_reason: string | null;
  check_attempts: number;
  next_check_at: Date;
  created_at: Date;
  completed_at: Date | null;
}

export interface NewOrder {
  paymentId: string;
  userId: number;
  packId: number;
  amount: number;
  currency: string;
  coins: number;
  bonus: number;
  provider: ProviderName;
  method: PaymentMethod;
  phone: string | null;
}

/** Inserts the order; null when the payment id is already taken. */
export function insertOrder(sql: Sql, o: NewOrder) {
  return one<OrderRow>(
    sql,
    `INSERT INTO payment_orders
       (payment_id, user_id, pack_id, amount, currency, coins, bonus, provider, method, phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (payment_id) DO NOTHING RETURNING *`,
    [
      o.paymentId,
      o.userId,
      o.packId,
      o.amount,
      o.currency,
      o.coins,
      o.bonus,
      o.provider,
      o.method,
      o.phone,
    ],
  );
}

export const findOrderByPaymentId = (sql: Sql, paymentId: string) =>
  one<OrderRow>(sql, 'SELECT * FROM payment_orders WHERE payment_id = $1', [paymentId]);

/** The member's own order with this payment id and one of these methods, or undefined. */
export const findOwnOrder = (
  sql: Sql,
  userId: number,
  paymentId: string,
  methods: readonly PaymentMethod[],
) =>
  one<OrderRow>(
    sql,
    'SELECT * FROM payment_orders WHERE payment_id = $1 AND user_id = $2 AND method = ANY($3)',
    [paymentId, userId, methods],
  );

/** Locks the order until the transaction ends (the crediting transaction). */
export const lockOrder = (tx: Sql, id: number) =>
  one<OrderRow>(tx, 'SELECT * FROM payment_orders WHERE id = $1 FOR UPDATE', [id]);

export async function recordStart(
  sql: Sql,
  id: number,
  start: { reference: string | null; paymentUrl: string | null },
) {
  await sql.query(
    `UPDATE payment_orders SET provider_ref = COALESCE($2, provider_ref),
        payment_url = COALESCE($3, payment_url), updated_at = now()
      WHERE id = $1`,
    [id, start.reference, start.paymentUrl],
  );
}

/** pending → success | failed; answers the updated row, or undefined when not pending. */
export function finishOrder(
  tx: Sql,
  id: number,
  outcome: { status: 'success' | 'failed'; reference: string | null; reason: string | null },
) {
  return one<OrderRow>(
    tx,
    `UPDATE payment_orders SET status = $2, provider_ref = COALESCE($3, provider_ref),
        failure_reason = $4, completed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'pending' RETURNING *`,
    [id, outcome.status, outcome.reference, outcome.reason],
  );
}

/** The member's orders, newest first (payment_orders_user_idx). */
export const findOwnOrders = (sql: Sql, userId: number, limit: number, offset: number) =>
  sql.query<OrderRow>(
    'SELECT * FROM payment_orders WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
    [userId, limit, offset],
  );

/**
 * Claims up to `limit` pending orders due for a check and pushes their next check back
 * (30 s doubling per attempt, at most 30 min), so no other run picks them meanwhile.
 */
export function claimDueOrders(tx: Sql, limit: number, now: Date) {
  return tx.query<OrderRow>(
    `UPDATE payment_orders o
        SET check_attempts = o.check_attempts + 1,
            next_check_at = $2::timestamptz
              + least(interval '30 minutes', interval '30 seconds' * power(2, least(o.check_attempts, 10))),
            updated_at = now()
       FROM (SELECT id FROM payment_orders
              WHERE status = 'pending' AND next_check_at <= $2
              ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE o.id = due.id
      RETURNING o.*`,
    [limit, now],
  );
}

export async function insertProviderNotification(
  sql: Sql,
  n: {
    provider: ProviderName;
    paymentId: string | null;
    orderId: number | null;
    validSignature: boolean;
    ip: string;
    payload: Record<string, string>;
  },
) {
  await sql.query(
    `INSERT INTO payment_notifications (provider, payment_id, order_id, valid_signature, ip, payload)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [n.provider, n.paymentId, n.orderId, n.validSignature, n.ip, JSON.stringify(n.payload)],
  );
}
