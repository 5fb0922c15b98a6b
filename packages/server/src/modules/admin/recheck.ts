/**
 * A payment re-check from the console: the audit row says why the order now stands as it does,
 * in the provider's own words. `refreshOrder` does not hand the provider's answer back, so the
 * context's providers are wrapped to keep the answer they gave.
 */
import { PAYMENT_STATUS_LABELS } from '@app/shared';
import type { PaymentProvider, StatusResult } from '../../adapters/payments/index.js';
import type { OrderRow, PaymentDeps } from '../payments/index.js';

/** A payment context whose providers remember their last status answer. */
export function askingProvider(ctx: PaymentDeps) {
  let answer: StatusResult | null = null;
  const watched = (p: PaymentProvider): PaymentProvider => ({
    name: p.name,
    method: p.method,
    start: (req) => p.start(req),
    status: async (req) => {
      answer = await p.status(req);
      return answer;
    },
  });
  const providers: PaymentDeps['providers'] = {
    ...ctx.providers,
    forOrder(order) {
      const provider = ctx.providers.forOrder(order);
      return provider && watched(provider);
    },
  };
  return { ctx: { ...ctx, providers }, answer: () => answer };
}

const ANSWER_LABELS: Record<StatusResult['status'], string> = {
  success: 'paiement confirmé',
  failed: 'paiement refusé',
  pending: 'paiement toujours en attente',
  unknown: 'réponse illisible ou absente',
};

const orderLabel = (status: OrderRow['status']) => PAYMENT_STATUS_LABELS[status].toLowerCase();

/** The why of a re-check, in French, from the provider's answer (null: it was not asked). */
export function recheckWhy(before: OrderRow, after: OrderRow, answer: StatusResult | null) {
  if (!answer) {
    return before.status === 'pending'
      ? `Fournisseur ${before.provider} indisponible : la commande reste en attente.`
      : `Commande déjà terminée (statut : ${orderLabel(before.status)}) : le fournisseur n'a pas été interrogé.`;
  }
  const details = [
    answer.amount !== null ? `${answer.amount} ${answer.currency ?? ''}`.trim() : null,
    answer.reference ? `réf. ${answer.reference}` : null,
    answer.reason ? `motif : ${answer.reason}` : null,
  ].filter((d): d is string => d !== null);
  const said = `${ANSWER_LABELS[answer.status]}${details.length ? ` (${details.join(', ')})` : ''}`;
  return `Réponse de ${before.provider} : ${said}. Statut de la commande : ${orderLabel(after.status)}.`;
}
