/**
 * The reconciliation job: every PAYMENT_RECONCILE_INTERVAL_S (off in tests unless asked), it
 * asks the providers about pending orders that are due, so a payment whose notification was
 * lost and whose buyer closed the app is still credited (or failed, or expired) in the end.
 *
 * With several server copies, each run claims its batch inside a transaction holding the
 * advisory lock PAYMENT_JOB_LOCK (pg_try_advisory_xact_lock: a session lock would stay on
 * whichever pooled connection took it): one copy claims at a time, a copy that finds the lock
 * taken skips its turn, and a claimed order is not due again before its next check time.
 * The provider calls happen after the claim commits, outside any transaction; settling is
 * idempotent anyway (settle.ts).
 */
import type { FastifyInstance } from 'fastify';
import { paymentCtx, type PaymentCtx } from './payment.context.js';
import { claimDueOrders } from './payment.repository.js';
import { refreshOrder } from './settle.js';

export const PAYMENT_JOB_LOCK = 724_107;
const BATCH = 20;

/** One run: claims due orders (if this copy gets the lock) and refreshes each. */
export async function reconcileDueOrders(ctx: PaymentCtx, batch = BATCH): Promise<number> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [PAYMENT_JOB_LOCK],
    );
    if (!rows[0]?.locked) return [];
    return claimDueOrders(tx, batch, ctx.now);
  });
  for (const order of claimed) {
    try {
      await refreshOrder(ctx, order);
    } catch (err) {
      ctx.log.error({ err, orderId: order.id }, 'réconciliation : commande non vérifiée');
    }
  }
  return claimed.length;
}

/** Starts the periodic job (when its interval is not 0); the answer stops it and waits. */
export function startPaymentReconciliation(app: FastifyInstance): () => Promise<void> {
  const intervalMs = app.config.payments.reconcileIntervalS * 1000;
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcileDueOrders(paymentCtx(app))
      .catch((err: unknown) => app.log.error({ err }, 'réconciliation des paiements en échec'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
