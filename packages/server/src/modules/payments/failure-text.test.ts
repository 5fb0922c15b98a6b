import { describe, expect, it } from 'vitest';
import { COINS_MSG } from '@app/shared';
import { failureText } from './failure-text.js';

describe('failureText: why a payment failed, in French', () => {
  it.each([
    ['amount_mismatch', COINS_MSG.failedAmount],
    ['expired', COINS_MSG.failedExpired],
    ['08 TF OTP invalide', COINS_MSG.failedOtp],
    ['simulateur : OTP invalide ou expiré', COINS_MSG.failedOtp],
    ['600 INSUFFICIENT_BALANCE REFUSED', COINS_MSG.failedBalance],
    ['12 Solde insuffisant', COINS_MSG.failedBalance],
    ['627 TRANSACTION_CANCEL CANCELED', COINS_MSG.failedCancelled],
    ['600 PAYMENT_FAILED REFUSED', COINS_MSG.failedRefused],
    ['12 Abonne non autorise', COINS_MSG.failedRefused],
  ])('%s', (stored, text) => {
    expect(failureText(stored)).toBe(text);
  });

  it("never shows the provider's own words, even without a stored reason", () => {
    expect(failureText(null)).toBe(COINS_MSG.failedRefused);
    expect(failureText('<script>alert(1)</script>')).toBe(COINS_MSG.failedRefused);
  });
});
