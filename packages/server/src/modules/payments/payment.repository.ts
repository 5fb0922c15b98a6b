/**
 * Queries behind coin purchases: orders (migration 007) and the provider notifications log.
 * Orders come back as `OrderRow` (order-row.ts): the row with its unions checked.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import type { PaymentMethod, ProviderName } from '../../adapters/payments/index.js';
import type { ProviderAnswerNote } from './provider-answer.js';
import { orderOf, type OrderRow } from './order-row.js';

export type { OrderRow } from './order-row.js';

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

const orderOrUndefined = (row: Parameters<typeof orderOf>[0] | undefined) =>
  row ? orderOf(row) : undefined;

/** The member paying: the provider's customer fields. */
export const findPayer = (db: Database, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** Inserts the order; undefined when the payment id is already taken. */
export async function insertOrder(db: Database, o: NewOrder): Promise<OrderRow | undefined> {
  const row = await db
    .insertInto('payment_orders')
    .values({
      payment_id: o.paymentId,
      user_id: o.userId,
      pack_id: o.packId,
      amount: o.amount,
      currency: o.currency,
      coins: o.coins,
      bonus: o.bonus,
      provider: o.provider,
      method: o.method,
      phone: o.phone,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return orderOrUndefined(row);
}

export async function findOrderById(db: Database, id: number) {
  const row = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return orderOrUndefined(row);
}

export async function findOrderByPaymentId(db: Database, paymentId: string) {
  const row = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return orderOrUndefined(row);
}

/** The member's own order with this payment id and one of these methods, or undefined. */
export async function findOwnOrder(
  db: Database,
  userId: number,
  paymentId: string,
  methods: readonly PaymentMethod[],
) {
  const row = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('user_id', '=', userId)
    .where('method', '=', sql<string>`ANY(${[...methods]})`)
    .executeTakeFirst();
  return orderOrUndefined(row);
}

/** Locks the order until the transaction ends (the crediting transaction). */
export async function lockOrder(tx: Database, id: number) {
  const row = await tx
    .selectFrom('payment_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return orderOrUndefined(row);
}

export async function recordStart(
  db: Database,
  id: number,
  start: { reference: string | null; paymentUrl: string | null },
) {
  await db
    .updateTable('payment_orders')
    .set((eb) => ({
      provider_ref: eb.fn.coalesce(eb.val(start.reference), eb.ref('provider_ref')),
      payment_url: eb.fn.coalesce(eb.val(start.paymentUrl), eb.ref('payment_url')),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .execute();
}

/** pending → success | failed; answers the updated row, or undefined when not pending. */
export async function finishOrder(
  tx: Database,
  id: number,
  outcome: { status: 'success' | 'failed'; reference: string | null; reason: string | null },
) {
  const row = await tx
    .updateTable('payment_orders')
    .set((eb) => ({
      status: outcome.status,
      provider_ref: eb.fn.coalesce(eb.val(outcome.reference), eb.ref('provider_ref')),
      failure_reason: outcome.reason,
      completed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return orderOrUndefined(row);
}

/** Keeps the provider's last answer on the order, for the console. */
export async function recordAnswer(db: Database, id: number, note: ProviderAnswerNote, at: Date) {
  await db
    .updateTable('payment_orders')
    .set({ last_answer: JSON.stringify(note), last_answer_at: at, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Raises the pending orders made at or before `createdBefore` that are not raised yet
 * (payment_orders_unraised_idx); answers them.
 */
export async function raiseStaleOrders(db: Database, createdBefore: Date, now: Date) {
  const rows = await db
    .updateTable('payment_orders')
    .set({ raised_at: now, updated_at: sql<Date>`now()` })
    .where('status', '=', 'pending')
    .where('raised_at', 'is', null)
    .where('created_at', '<=', createdBefore)
    .returningAll()
    .execute();
  return rows.map(orderOf);
}

/**
 * How many orders made before `createdBefore` are still pending (the metrics' stuck-payments
 * gauge, on every scrape): the partial index payment_orders_due_idx holds the pending rows only.
 */
export async function countPendingOrdersBefore(db: Database, createdBefore: Date) {
  const row = await db
    .selectFrom('payment_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'pending')
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The member's orders, newest first (payment_orders_user_idx). */
export async function findOwnOrders(db: Database, userId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(orderOf);
}

/**
 * Claims up to `limit` pending orders due for a check and pushes their next check back
 * (30 s doubling per attempt, at most 30 min), so no other run picks them meanwhile. The claim
 * (UPDATE … FROM a FOR UPDATE SKIP LOCKED subquery) stays as SQL.
 */
export async function claimDueOrders(tx: Database, limit: number, now: Date) {
  const { rows } = await sql<Parameters<typeof orderOf>[0]>`
    UPDATE payment_orders o
       SET check_attempts = o.check_attempts + 1,
           next_check_at = ${now}::timestamptz
             + least(interval '30 minutes', interval '30 seconds' * power(2, least(o.check_attempts, 10))),
           updated_at = now()
      FROM (SELECT id FROM payment_orders
             WHERE status = 'pending' AND next_check_at <= ${now}
             ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id
     RETURNING o.*`.execute(tx);
  return rows.map(orderOf);
}

/** The advisory lock that keeps two reconciliation runs apart, held until the transaction ends. */
export async function tryReconcileLock(tx: Database, key: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(${key}) AS locked`.execute(tx);
  return rows[0]?.locked === true;
}

export async function insertProviderNotification(
  db: Database,
  n: {
    provider: ProviderName;
    paymentId: string | null;
    orderId: number | null;
    validSignature: boolean;
    ip: string;
    payload: Record<string, string>;
  },
) {
  await db
    .insertInto('payment_notifications')
    .values({
      provider: n.provider,
      payment_id: n.paymentId,
      order_id: n.orderId,
      valid_signature: n.validSignature,
      ip: n.ip,
      payload: JSON.stringify(n.payload),
    })
    .execute();
}
