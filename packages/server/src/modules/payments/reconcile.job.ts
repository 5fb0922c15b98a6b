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
 *
 * Each run then raises the orders still pending PAYMENT_RAISE_AFTER_MS after they were made:
 * the member may have been debited while no answer we can read says so (an enquiry the
 * provider does not offer, a gateway that keeps failing), so staff see them, with the
 * provider's last answer, in the console's payments queue. Raising is one idempotent UPDATE,
 * safe from any copy.
 */
import type { Deps } from '../../deps.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { paymentDeps, type PaymentDeps } from './payment.deps.js';
import {
  claimDueOrders,
  countPendingOrdersBefore,
  raiseStaleOrders,
  tryReconcileLock,
} from './payment.repository.js';
import { refreshOrder } from './settle.js';

const PAYMENT_JOB_LOCK = 724_107;
const BATCH = 20;
/** An order unsettled this long after it was made goes to the console's payments queue. */
const PAYMENT_RAISE_AFTER_MS = 15 * 60 * 1000;

/** One run: claims due orders (if this copy gets the lock) and refreshes each. */
export async function reconcileDueOrders(deps: PaymentDeps, batch = BATCH): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (!(await tryReconcileLock(trx, PAYMENT_JOB_LOCK))) return [];
    return claimDueOrders(trx, batch, now);
  });
  for (const order of claimed) {
    try {
      await refreshOrder(deps, order);
    } catch (err) {
      deps.log.error({ err, orderId: order.id }, 'réconciliation : commande non vérifiée');
    }
  }
  await raiseUnsettledOrders(deps);
  return claimed.length;
}

/** Raises the orders unsettled for PAYMENT_RAISE_AFTER_MS; answers how many were raised. */
export async function raiseUnsettledOrders(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - PAYMENT_RAISE_AFTER_MS);
  const raised = await raiseStaleOrders(deps.db, before, now);
  for (const order of raised) {
    deps.log.error(
      {
        orderId: order.id,
        userId: order.user_id,
        provider: order.provider,
        answer: order.last_answer,
      },
      'paiement non réglé après 15 minutes : signalé dans la console',
    );
  }
  return raised.length;
}

/** Orders still pending PAYMENT_RAISE_AFTER_MS after they were made (GET /metrics). */
export function countStuckOrders(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - PAYMENT_RAISE_AFTER_MS);
  return countPendingOrdersBefore(deps.db, before);
}

/** Starts the periodic job (when its interval is not 0); the answer stops it and waits. */
export function startPaymentReconciliation(deps: Deps): () => Promise<void> {
  return startPeriodicJob(
    deps.config.payments.reconcileIntervalS * 1000,
    () => reconcileDueOrders(paymentDeps(deps)),
    (err) => deps.log.error({ err }, 'réconciliation des paiements en échec'),
  );
}
