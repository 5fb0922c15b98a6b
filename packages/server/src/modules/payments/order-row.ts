/**
 * A payment order as the payments module reads it: the table's row with its text columns
 * narrowed to our unions and the provider's last answer read back from jsonb. The narrowing is
 * checked (the table's CHECK constraints make a failure a bug), never asserted.
 */
import type { Selectable } from 'kysely';
import { PAYMENT_STATUSES, type TPaymentStatus } from '@app/shared';
import type { Json, PaymentOrders } from '../../db/schema.gen.js';
import type { PaymentMethod, ProviderName } from '../../adapters/payments/index.js';
import type { ProviderAnswerNote } from './provider-answer.js';

type OrderStatus = TPaymentStatus;

export type OrderRow = Omit<
  Selectable<PaymentOrders>,
  'provider' | 'method' | 'status' | 'last_answer'
> & {
  provider: ProviderName;
  method: PaymentMethod;
  status: OrderStatus;
  /** The provider's last answer, non-secret fields only (migration 015). */
  last_answer: ProviderAnswerNote | null;
};

const PROVIDERS: readonly ProviderName[] = ['cinetpay', 'orange_bf', 'moov_bf', 'simulator'];
const METHODS: readonly PaymentMethod[] = ['card', 'orange', 'moov'];

function oneOf<T extends string>(list: readonly T[], v: string, what: string): T {
  const found = list.find((x) => x === v);
  if (found === undefined) throw new Error(`payment_orders: ${what} inconnu (${v})`);
  return found;
}

const textOrNull = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);
const numberOrNull = (v: Json | undefined): number | null => (typeof v === 'number' ? v : null);

/** The kept answer read back; null when absent or not an object. */
function answerNoteOf(v: Json | null): ProviderAnswerNote | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  return {
    call: v.call === 'payment' ? 'payment' : 'status',
    outcome: textOrNull(v.outcome) ?? '',
    reason: textOrNull(v.reason),
    reference: textOrNull(v.reference),
    amount: numberOrNull(v.amount),
    currency: textOrNull(v.currency),
  };
}

export function orderOf(row: Selectable<PaymentOrders>): OrderRow {
  return {
    ...row,
    provider: oneOf(PROVIDERS, row.provider, 'fournisseur'),
    method: oneOf(METHODS, row.method, 'moyen'),
    status: oneOf(PAYMENT_STATUSES, row.status, 'statut'),
    last_answer: answerNoteOf(row.last_answer),
  };
}
