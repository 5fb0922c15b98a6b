/**
 * What a member reads when a payment failed: the order's stored reason (our own verdicts, or the
 * provider's code and words, kept for support) sorted into one French sentence. The provider's
 * own text never reaches the member: it is in English or in codes, and may echo our request.
 */
import { COINS_MSG } from '@app/shared';

const RULES: readonly [RegExp, string][] = [
  [/^amount_mismatch$/, COINS_MSG.failedAmount],
  [/\botp\b/i, COINS_MSG.failedOtp],
  [/^expired$|expir|timeout|d[ée]lai/i, COINS_MSG.failedExpired],
  [/insuffi|solde|balance|not enough|funds/i, COINS_MSG.failedBalance],
  [/cancel|annul/i, COINS_MSG.failedCancelled],
];

export function failureText(reason: string | null): string {
  const r = reason ?? '';
  return RULES.find(([pattern]) => pattern.test(r))?.[1] ?? COINS_MSG.failedRefused;
}
