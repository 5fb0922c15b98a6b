/**
 * The payment providers chosen by config (config/payments.ts, paymentsConfig): one per method, null
 * when the method is unavailable (production without credentials). Adapters hold no state,
 * so the routes and the reconciliation job may each build their own set.
 */
import type { Config } from '../../config/index.js';
import { createCinetPay, type CinetPayProvider } from './cinetpay.js';
import { createMoovBf } from './moov-bf.js';
import { createOrangeBf } from './orange-bf.js';
import type { PaymentMethod, PaymentProvider, ProviderName } from './provider.js';
import { createSimulator } from './simulator.js';

export type {
  PaymentMethod,
  PaymentProvider,
  ProviderName,
  StartResult,
  StatusResult,
} from './provider.js';

export interface PaymentProviders {
  card: PaymentProvider | null;
  orange: PaymentProvider | null;
  moov: PaymentProvider | null;
  /** Set when the card provider is CinetPay: verifies its notifications. */
  cinetpay: CinetPayProvider | null;
  /** The provider that can settle an order made with this method and provider, if any. */
  forOrder(order: { method: PaymentMethod; provider: ProviderName }): PaymentProvider | null;
}

export function createPaymentProviders(config: Pick<Config, 'payments'>): PaymentProviders {
  const { card, orange, moov, timeoutMs } = config.payments;
  const cinetpay = card?.kind === 'cinetpay' ? createCinetPay(card, timeoutMs) : null;
  const byMethod: Record<PaymentMethod, PaymentProvider | null> = {
    card: card ? (cinetpay ?? createSimulator('card')) : null,
    orange: !orange
      ? null
      : orange.kind === 'orange'
        ? createOrangeBf(orange, timeoutMs)
        : createSimulator('orange'),
    moov: !moov
      ? null
      : moov.kind === 'moov'
        ? createMoovBf(moov, timeoutMs)
        : createSimulator('moov'),
  };
  return {
    ...byMethod,
    cinetpay,
    forOrder(order) {
      const provider = byMethod[order.method];
      return provider && provider.name === order.provider ? provider : null;
    },
  };
}
