/**
 * Settling an order (ARCHITECTURE "Money"): the only place coins are bought. Whatever brings
 * the news (the provider's notification, the member's polling, the reconciliation job), the
 * order is settled from the provider's own answer (its status call, or for Orange Money the
 * payment call's answer itself: adapters/payments/orange-bf.ts), in one transaction that
 * locks the order row, moves it pending → success | failed once, and credits pack coins plus
 * bonus through the ledger under the key purchase:{id}. Concurrent and repeated calls credit
 * once. Each status answer is kept on the order (non-secret fields) for the console.
 */
import { COIN_CURRENCY_ISO } from '@app/shared';
import type { StatusResult } from '../../adapters/payments/index.js';
import { applyMovement } from '../coins/index.js';
import type { PaymentDeps } from './payment.deps.js';
import * as repo from './payment.repository.js';
import type { OrderRow } from './payment.repository.js';
import { noteOfStatus } from './provider-answer.js';

/** A pending order the provider never confirms is closed as failed after this long. */
export const PENDING_ORDER_TTL_MS = 2 * 60 * 60 * 1000;

export type Verdict =
  | { status: 'success'; reference: string | null }
  | { status: 'failed'; reference: string | null; reason: string };

const purchaseKey = (orderId: number) => `purchase:${orderId}`;

/**
 * What the provider's answer means for the order, or null to leave it pending. A success
 * counts only when the provider confirms exactly the order's amount in XOF.
 */
export function judge(deps: PaymentDeps, order: OrderRow, answer: StatusResult): Verdict | null {
  const reference = answer.reference;
  if (answer.status === 'success') {
    if (answer.amount === null || answer.currency === null) {
      deps.log.warn({ orderId: order.id, answer }, 'paiement confirmé sans montant ni devise');
      return null;
    }
    const currency = answer.currency.trim().toUpperCase();
    if (answer.amount !== order.amount || currency !== COIN_CURRENCY_ISO) {
      deps.log.error(
        { orderId: order.id, expected: order.amount, answer },
        "paiement : montant ou devise différents de la commande, rien n'est crédité",
      );
      return { status: 'failed', reference, reason: 'amount_mismatch' };
    }
    return { status: 'success', reference };
  }
  if (answer.status === 'failed') {
    return { status: 'failed', reference, reason: answer.reason ?? 'failed' };
  }
  const age = deps.clock.now().getTime() - order.created_at.getTime();
  if (answer.status === 'pending' && age > PENDING_ORDER_TTL_MS) {
    return { status: 'failed', reference, reason: 'expired' };
  }
  return null;
}

/** Applies a verdict once; answers the order as it now stands. Notifies after commit. */
export async function settleOrder(
  deps: PaymentDeps,
  orderId: number,
  verdict: Verdict,
): Promise<OrderRow | undefined> {
  const result = await deps.db.transaction().execute(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status !== 'pending') return { order, changed: false };
    if (verdict.status === 'success') {
      await applyMovement(
        tx,
        {
          userId: order.user_id,
          amount: order.coins + order.bonus,
          reason: 'purchase',
          key: purchaseKey(order.id),
          meta: { order_id: order.id, payment_id: order.payment_id, pack_id: order.pack_id },
        },
        deps.metrics,
      );
    }
    const finished = await repo.finishOrder(tx, order.id, {
      status: verdict.status,
      reference: verdict.reference,
      reason: verdict.status === 'failed' ? verdict.reason : null,
    });
    return { order: finished ?? order, changed: !!finished };
  });
  if (result.changed && result.order) {
    const { provider, status } = result.order;
    // The coins the member now sees on their own profile.
    if (status !== 'pending') deps.metrics.paymentSettled(provider, status);
    await announceOutcome(deps, result.order);
  }
  return result.order;
}

async function announceOutcome(deps: PaymentDeps, order: OrderRow) {
  deps.log.info(
    { orderId: order.id, status: order.status, reason: order.failure_reason },
    'commande de pièces terminée',
  );
  try {
    if (order.status === 'success') {
      await deps.notify(order.user_id, 'payment_success', {
        coins_received: order.coins + order.bonus,
        amount: order.amount,
      });
    } else if (order.status === 'failed') {
      await deps.notify(order.user_id, 'payment_failed', { amount: order.amount });
    }
  } catch (err) {
    // The money is settled; a lost notification must not turn the answer into an error.
    deps.log.warn({ err, orderId: order.id }, 'notification de paiement non envoyée');
  }
}

/**
 * Asks the provider about a pending order and settles it if the answer is final. A finished
 * order is answered as it is, without calling anyone.
 */
export async function refreshOrder(deps: PaymentDeps, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'pending') return order;
  const provider = deps.providers.forOrder(order);
  if (!provider) {
    deps.log.warn(
      { orderId: order.id, provider: order.provider },
      'fournisseur de la commande indisponible',
    );
    return order;
  }
  const answer = await provider.status({
    paymentId: order.payment_id,
    reference: order.provider_ref,
    amount: order.amount,
  });
  await repo.recordAnswer(deps.db, order.id, noteOfStatus(answer), deps.clock.now());
  if (answer.status === 'unknown') {
    deps.log.warn({ orderId: order.id, reason: answer.reason }, 'statut de paiement inconnu');
  }
  const verdict = judge(deps, order, answer);
  if (!verdict) return order;
  return (await settleOrder(deps, order.id, verdict)) ?? order;
}

/**
 * A notification for an order already closed as failed (expired, refused): if the provider
 * now says it was paid, nothing is credited automatically (a closed order stays closed) but
 * the case is logged as an error for support to settle by hand.
 */
export async function reportLatePayment(deps: PaymentDeps, order: OrderRow) {
  const provider = deps.providers.forOrder(order);
  if (!provider) return;
  const answer = await provider.status({
    paymentId: order.payment_id,
    reference: order.provider_ref,
    amount: order.amount,
  });
  if (answer.status === 'success') {
    deps.log.error(
      { orderId: order.id, userId: order.user_id, reason: order.failure_reason, answer },
      'paiement confirmé sur une commande close : à régulariser à la main',
    );
  }
}
