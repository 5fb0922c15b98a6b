/**
 * The payment simulator: the provider of any method that has no real one configured, outside
 * production only (config/payments.ts refuses it in production). No network; it behaves like a
 * provider so the whole purchase can be tried locally and in the e2e run. The rule:
 *
 * - Mobile money (Orange, Moov): the payment starts pending, and the first status check
 *   gives the outcome by the number's last digit:
 *     ends in 9 → refused at once (HTTP 403, like a wrong OTP or a refused Moov payment);
 *     ends in 0 → failed at the first check (an empty balance);
 *     any other → success at the first check.
 *   Orange also refuses the OTP 000000 at once (a wrong or expired code).
 * - Card: the "payment page" is our own return URL, as a path (so the redirect and the
 *   return are exercised); the first check answers failed when the payment id ends in 0,
 *   else success.
 * - Amount and currency confirmed are the order's (XOF).
 * The outcome travels in the reference ("sim:ok" / "sim:ko"): no state is kept.
 */
import { COIN_CURRENCY_ISO } from '@app/shared';
import type {
  PaymentMethod,
  PaymentProvider,
  StartRequest,
  StartResult,
  StatusRequest,
  StatusResult,
} from './provider.js';

const OK = 'sim:ok';
const KO = 'sim:ko';

function startOutcome(method: PaymentMethod, req: StartRequest): StartResult {
  if (method === 'card') {
    // Relative, so the flow also works from a phone reaching a laptop by its LAN address.
    const back = new URL(req.returnUrl);
    return {
      outcome: 'redirect',
      paymentUrl: `${back.pathname}${back.search}`,
      reference: req.paymentId.endsWith('0') ? KO : OK,
    };
  }
  const phone = req.phone ?? '';
  if (phone.endsWith('9')) return { outcome: 'refused', reason: 'simulateur : numéro refusé' };
  if (method === 'orange' && req.otp === '000000') {
    return { outcome: 'refused', reason: 'simulateur : OTP invalide ou expiré' };
  }
  return { outcome: 'pending', reference: phone.endsWith('0') ? KO : OK };
}

export function createSimulator(method: PaymentMethod): PaymentProvider {
  return {
    name: 'simulator',
    method,
    async start(req) {
      return startOutcome(method, req);
    },
    async status(req: StatusRequest): Promise<StatusResult> {
      const common = { amount: req.amount, currency: COIN_CURRENCY_ISO, reference: req.reference };
      if (req.reference === OK) return { ...common, status: 'success', reason: 'simulateur' };
      if (req.reference === KO) {
        return { ...common, status: 'failed', reason: 'simulateur : solde insuffisant' };
      }
      return { ...common, status: 'pending', reason: 'simulateur : paiement inconnu' };
    },
  };
}
