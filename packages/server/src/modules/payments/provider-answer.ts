/**
 * The provider's last answer as kept on the order (migration 015) for the console's payments
 * queue: an allowlist of the answer's non-secret fields, built from what the adapter read. The
 * request is never kept (it carries the customer's OTP and our credentials), and a secret the
 * provider might echo in its message is masked.
 */
import type { TProviderAnswer } from '@app/shared';
import type { StartResult, StatusResult } from '../../adapters/payments/index.js';

/** The kept answer, as the console reads it. */
export type ProviderAnswerNote = TProviderAnswer;

const MAX_REASON = 300;

function clean(reason: string | null, secrets: readonly (string | null)[]): string | null {
  if (reason === null) return null;
  let out = reason;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('••••');
  }
  return out.slice(0, MAX_REASON);
}

/** The note of a status answer. */
export const noteOfStatus = (r: StatusResult): ProviderAnswerNote => ({
  call: 'status',
  outcome: r.status,
  reason: clean(r.reason, []),
  reference: r.reference,
  amount: r.amount,
  currency: r.currency,
});

/** The note of a payment call's answer; `secrets` (the OTP) are masked if echoed. */
export function noteOfStart(
  r: StartResult,
  secrets: readonly (string | null)[],
): ProviderAnswerNote {
  const empty = { reference: null, amount: null, currency: null };
  switch (r.outcome) {
    case 'paid':
      return {
        ...noteOfStatus(r.confirmation),
        reason: clean(r.confirmation.reason, secrets),
        call: 'payment',
        outcome: 'paid',
      };
    case 'refused':
    case 'unknown':
      return { ...empty, call: 'payment', outcome: r.outcome, reason: clean(r.reason, secrets) };
    case 'pending':
      return {
        ...empty,
        call: 'payment',
        outcome: 'pending',
        reason: null,
        reference: r.reference,
      };
    case 'redirect':
      return {
        ...empty,
        call: 'payment',
        outcome: 'redirect',
        reason: null,
        reference: r.reference,
      };
  }
}
